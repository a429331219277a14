import { Role } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { LOCATION_ZONE } from '../bookings/index.js';

/** A buddy of the caller with the buddy's name. */
export interface BuddyRow {
  id: string;
  buddy_id: string;
  email: string;
  firstname: string;
  lastname: string;
}

/** The next booking of a user that has not ended yet, with the area's effective zone. */
export interface NextBookingRow {
  user_id: string;
  enter_at: Date;
  leave_at: Date;
  desk: string;
  room: string;
  zone: string;
}

export type ColleagueRow = Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname'>;

/** The owner's buddies, the newest first. */
export async function listBuddiesOf(db: Db, ownerId: string): Promise<BuddyRow[]> {
  return db
    .selectFrom('buddies as b')
    .innerJoin('users as u', 'u.id', 'b.buddy_id')
    .select(['b.id', 'b.buddy_id', 'u.email', 'u.firstname', 'u.lastname'])
    .where('b.owner_id', '=', ownerId)
    .orderBy('b.created_at', 'desc')
    .execute();
}

/** The first booking of each user that ends after `now`. */
export async function nextBookingsOf(db: Db, userIds: readonly string[], now: Date): Promise<NextBookingRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('bookings')
    .innerJoin('spaces', 'spaces.id', 'bookings.space_id')
    .innerJoin('locations', 'locations.id', 'bookings.location_id')
    .distinctOn('bookings.user_id')
    .select([
      'bookings.user_id',
      'bookings.enter_at',
      'bookings.leave_at',
      'spaces.name as desk',
      'locations.name as room',
      LOCATION_ZONE.as('zone'),
    ])
    .where('bookings.user_id', 'in', [...userIds])
    .where('bookings.leave_at', '>', now)
    .orderBy('bookings.user_id')
    .orderBy('bookings.enter_at')
    .execute();
}

/** A user of the organisation by id. */
export async function findOrgUser(db: Db, orgId: string, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
}

/** Adds a buddy, or finds the existing entry: the id of the entry either way. */
export async function upsertBuddy(db: Db, ownerId: string, buddyId: string): Promise<string> {
  const row = await db
    .insertInto('buddies')
    .values({ owner_id: ownerId, buddy_id: buddyId })
    .onConflict((oc) => oc.columns(['owner_id', 'buddy_id']).doUpdateSet({ owner_id: ownerId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findBuddy(db: Db, id: string): Promise<{ id: string; owner_id: string } | undefined> {
  return db.selectFrom('buddies').select(['id', 'owner_id']).where('id', '=', id).executeTakeFirst();
}

export async function deleteBuddy(db: Db, id: string): Promise<void> {
  await db.deleteFrom('buddies').where('id', '=', id).execute();
}

/**
 * Colleagues (no service accounts, not the caller) whose email, first or last name contains
 * `text` (case-insensitive), by email.
 */
export async function searchColleagues(
  db: Db,
  input: { orgId: string; exceptUserId: string; text: string; limit: number },
): Promise<ColleagueRow[]> {
  const pattern = `%${input.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname'])
    .where('organization_id', '=', input.orgId)
    .where('id', '<>', input.exceptUserId)
    .where('role', 'not in', [Role.ServiceAccountReadOnly, Role.ServiceAccountReadWrite])
    .where((eb) =>
      eb.or([
        eb('email', 'like', pattern),
        eb(sql`lower(firstname)`, 'like', pattern),
        eb(sql`lower(lastname)`, 'like', pattern),
      ]),
    )
    .orderBy('email')
    .limit(input.limit)
    .execute();
}

/**
 * One account's buddies and the people who list it become another's (an account merged into
 * another): never the account itself, never a pair twice.
 */
export async function moveBuddies(db: Db, fromUserId: string, toUserId: string): Promise<void> {
  await sql`
    INSERT INTO buddies (owner_id, buddy_id)
    SELECT ${toUserId}, buddy_id FROM buddies WHERE owner_id = ${fromUserId} AND buddy_id <> ${toUserId}
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO buddies (owner_id, buddy_id)
    SELECT owner_id, ${toUserId} FROM buddies WHERE buddy_id = ${fromUserId} AND owner_id <> ${toUserId}
    ON CONFLICT DO NOTHING`.execute(db);
}
