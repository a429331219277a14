import { Role } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { isUuid } from '../../http/ids.js';
import { forbidden, notFound } from '../../http/errors.js';
import { checkIn } from './check-in.js';
import { MAX_OPENS_MINUTES } from './policy.js';
import { findPersonId, findSpaceForPresence, presentBookingOf } from './repo.js';

/**
 * A presence signal from a sensor or a door badge reader, sent by a read-write service account:
 * the person with `email` is at the space (named by its id or by its code's token). Checks them
 * in to their booking there as a scan of the space's code would. Answers the booking's id, or
 * 404 with the reason: an unknown person, an unknown space, or no booking of theirs there now.
 */
export async function presenceCheckIn(
  deps: AppDeps,
  auth: AuthContext,
  body: { spaceId?: string; token?: string; email: string },
  now = new Date(),
): Promise<{ bookingId: string }> {
  if (auth.role !== Role.ServiceAccountReadWrite)
    throw forbidden('Presence signals come from a read-write service account');
  if (body.spaceId !== undefined && !isUuid(body.spaceId)) throw notFound('Unknown space');
  const space = await findSpaceForPresence(deps.db, auth.orgId, body);
  if (!space) throw notFound('Unknown space');
  const userId = await findPersonId(deps.db, auth.orgId, body.email);
  if (!userId) throw notFound('Unknown person');
  const bookingId = await presentBookingOf(
    deps.db,
    userId,
    space.id,
    now,
    new Date(now.getTime() + MAX_OPENS_MINUTES * 60_000),
  );
  if (!bookingId) throw notFound('This person has no booking at this space now');
  await checkIn(deps, auth, bookingId, space.token);
  return { bookingId };
}
