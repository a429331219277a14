import type { api, EndpointBody } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { findUserByEmail } from '../../identity/accounts/index.js';
import { requireBuddies } from './policy.js';
import {
  deleteBuddy,
  findBuddy,
  findOrgUser,
  listBuddiesOf,
  nextBookingsOf,
  searchColleagues,
  upsertBuddy,
  type BuddyRow,
  type ColleagueRow,
  type NextBookingRow,
} from './repo.js';

export type BuddySave = EndpointBody<typeof api.buddy.create>;

/** Buddy search: at most this many hits, for 3 to 64 characters. */
const SEARCH_LIMIT = 20;
const SEARCH_MIN = 3;
const SEARCH_MAX = 64;

export interface BuddyWithBooking {
  buddy: BuddyRow;
  /** The buddy's first booking that has not ended. */
  next: NextBookingRow | undefined;
}

/** The caller's buddies, the newest first, with their next booking. */
export async function listBuddies(deps: AppDeps, auth: AuthContext): Promise<BuddyWithBooking[]> {
  await requireBuddies(deps, auth);
  const buddies = await listBuddiesOf(deps.db, auth.userId);
  const next = await nextBookingsOf(
    deps.db,
    buddies.map((b) => b.buddy_id),
    new Date(),
  );
  const first = new Map(next.map((n) => [n.user_id, n]));
  return buddies.map((buddy) => ({ buddy, next: first.get(buddy.buddy_id) }));
}

/** Adds a colleague by id or email; adding one twice gives the same entry. Returns its id. */
export async function addBuddy(deps: AppDeps, auth: AuthContext, body: BuddySave): Promise<string> {
  await requireBuddies(deps, auth);
  const { buddyId, buddyEmail } = body;
  const target = buddyId
    ? await findOrgUser(deps.db, auth.orgId, buddyId)
    : buddyEmail
      ? await findUserByEmail(deps.db, auth.orgId, buddyEmail)
      : undefined;
  if (!target) throw badRequest('Unknown user');
  if (target.id === auth.userId) throw badRequest('You cannot be your own buddy');
  return upsertBuddy(deps.db, auth.userId, target.id);
}

export async function removeBuddy(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  await requireBuddies(deps, auth);
  const row = await findBuddy(deps.db, pathId(id, 'Unknown buddy'));
  if (!row) throw notFound('Unknown buddy');
  if (row.owner_id !== auth.userId) throw forbidden('This is not your buddy');
  await deleteBuddy(deps.db, row.id);
}

/** Colleagues matching the text in their email or name; nothing for fewer than 3 or more than 64 characters. */
export async function searchBuddies(deps: AppDeps, auth: AuthContext, q: string | undefined): Promise<ColleagueRow[]> {
  await requireBuddies(deps, auth);
  const text = (q ?? '').trim();
  if (text.length < SEARCH_MIN || text.length > SEARCH_MAX) return [];
  return searchColleagues(deps.db, { orgId: auth.orgId, exceptUserId: auth.userId, text, limit: SEARCH_LIMIT });
}
