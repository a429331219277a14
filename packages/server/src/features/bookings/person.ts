import { isEmail, isSpaceAdmin } from '@perch/contract';
import type { AuthContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { insertDefaultPreferences } from '../preferences/repo.js';
import { findUserByEmail } from '../users/repo.js';
import type { BookingSettings } from './rules/index.js';

export interface Person {
  id: string;
  email: string;
}

/**
 * Whom a booking is for. Without `userEmail` (or with the caller's own) it is the caller.
 * Space admins may book for someone else in the organisation; with
 * `allow_booking_nonexist_users` an unknown address on an active domain of the
 * organisation becomes a new user.
 */
export async function resolvePerson(
  db: Db,
  auth: AuthContext,
  orgId: string,
  userEmail: string | undefined,
  settings: BookingSettings,
): Promise<Person> {
  const email = userEmail?.trim().toLowerCase();
  if (!email || email === auth.email) return { id: auth.userId, email: auth.email };
  if (!isSpaceAdmin(auth.role)) throw forbidden('Only space admins book for someone else');
  const existing = await findUserByEmail(db, orgId, email);
  if (existing) return { id: existing.id, email: existing.email };
  if (!settings.allowBookingNonexistUsers) throw forbidden('There is no user with this email address');
  if (!isEmail(email)) throw badRequest('Invalid email address');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const active = await db
    .selectFrom('organization_domains')
    .select('domain')
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!active) throw badRequest('The email address is not on a domain of this organisation');
  const created = await db
    .insertInto('users')
    .values({
      organization_id: orgId,
      email,
      role: 0,
      password_hash: null,
      auth_provider_id: null,
      atlassian_id: null,
      last_activity_at: null,
      totp_secret: null,
      api_token_hash: null,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'email']).doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (created) {
    await insertDefaultPreferences(db, created.id, false);
    return created;
  }
  // Created concurrently by another request.
  const again = await findUserByEmail(db, orgId, email);
  if (!again) throw badRequest('Could not create the user');
  return { id: again.id, email: again.email };
}
