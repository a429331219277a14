import { SETTINGS, type SettingName } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { BookingRow } from '../../db/schema.js';
import { LOCATION_ZONE } from '../bookings/index.js';
import type { CheckInMode, CheckInPolicyLayer } from './policy.js';

/** A booking with what its check-in policy is made of: its area's and space's levels and zone. */
export interface CheckInSubject {
  booking: BookingRow;
  zone: string;
  area: CheckInPolicyLayer;
  space: CheckInPolicyLayer;
  /** The token in the space's code. */
  spaceToken: string;
  spaceName: string;
  areaName: string;
}

interface LevelColumns {
  checkin_mode: number | null;
  checkin_opens_minutes: number | null;
  checkin_grace_minutes: number | null;
  checkin_release_time: string | null;
  checkin_release: boolean | null;
  checkin_exempt_long: boolean | null;
}

/** An area's or a space's own check-in columns as a policy level (null: from the level above). */
export const levelOf = (row: LevelColumns): CheckInPolicyLayer => ({
  mode: row.checkin_mode as CheckInMode | null,
  opensMinutes: row.checkin_opens_minutes,
  graceMinutes: row.checkin_grace_minutes,
  releaseTime: row.checkin_release_time,
  release: row.checkin_release,
  exemptLong: row.checkin_exempt_long,
});

/** The organisation's level from its settings (`checkin_*`; a missing one has its default). */
export function organizationLevel(settings: ReadonlyMap<string, string>): CheckInPolicyLayer {
  const text = (name: SettingName) => settings.get(name) ?? SETTINGS[name].default ?? '';
  const int = (name: SettingName) => {
    const n = Number(text(name));
    return Number.isInteger(n) ? n : Number(SETTINGS[name].default);
  };
  return {
    mode: int('checkin_mode') as CheckInMode,
    opensMinutes: int('checkin_opens_minutes'),
    graceMinutes: text('checkin_release_time') ? null : int('checkin_grace_minutes'),
    releaseTime: text('checkin_release_time') || null,
    release: text('checkin_release') === '1',
    exemptLong: text('checkin_exempt_long') === '1',
  };
}

const LEVEL_COLUMNS = [
  'checkin_mode',
  'checkin_opens_minutes',
  'checkin_grace_minutes',
  'checkin_release_time',
  'checkin_release',
  'checkin_exempt_long',
] as const;

/** One level's columns out of a row that selected them as `area_<column>` and `space_<column>`. */
const pickLevel = (row: object, prefix: 'space_' | 'area_'): LevelColumns =>
  Object.fromEntries(
    LEVEL_COLUMNS.map((c) => [c, (row as Record<string, unknown>)[`${prefix}${c}`]]),
  ) as unknown as LevelColumns;

/**
 * A booking and its policy's levels, its row locked until the transaction ends (a check-in,
 * a check-out and the release job do not overtake each other). Undefined when it is gone.
 */
export async function lockCheckInSubject(db: Db, bookingId: string): Promise<CheckInSubject | undefined> {
  const booking = await db
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', bookingId)
    .forUpdate()
    .executeTakeFirst();
  if (!booking) return undefined;
  const row = await db
    .selectFrom('spaces')
    .innerJoin('locations', 'locations.id', 'spaces.location_id')
    .select([
      ...LEVEL_COLUMNS.map((c) => `spaces.${c} as space_${c}` as const),
      ...LEVEL_COLUMNS.map((c) => `locations.${c} as area_${c}` as const),
      'spaces.checkin_token',
      'spaces.name as space_name',
      'locations.name as area_name',
      LOCATION_ZONE.as('zone'),
    ])
    .where('spaces.id', '=', booking.space_id)
    .executeTakeFirstOrThrow();
  return {
    booking,
    zone: row.zone,
    area: levelOf(pickLevel(row, 'area_')),
    space: levelOf(pickLevel(row, 'space_')),
    spaceToken: row.checkin_token,
    spaceName: row.space_name,
    areaName: row.area_name,
  };
}

/** A booking with what its check-in policy is made of, without a lock (for reading). */
export interface CheckInCandidate {
  booking: Pick<
    BookingRow,
    | 'id'
    | 'user_id'
    | 'organization_id'
    | 'enter_at'
    | 'leave_at'
    | 'created_at'
    | 'checkin_reminded_at'
    | 'checkin_last_call_at'
  >;
  zone: string;
  area: CheckInPolicyLayer;
  space: CheckInPolicyLayer;
}

/** Whose bookings, and which starts, a candidate query covers. */
export interface CandidateScope {
  /** One person's bookings, or one organisation's. */
  of: { userId: string } | { organizationId: string };
  /** Bookings starting after this (exclusive), when given. */
  startsAfter?: Date;
  /** Bookings starting at or before this. */
  startsBy: Date;
  /** Only bookings whose last check-in reminder has not gone out. */
  remindersPending?: boolean;
}

/**
 * Bookings that have not ended by `now` and wait for a check-in (approved, not checked in, not
 * released), each with its area's and space's policy levels, the earliest first. Whether the
 * policy asks for a check-in at all is for the caller to decide (`effectivePolicy`).
 */
export async function awaitingCheckIn(db: Db, scope: CandidateScope, now: Date): Promise<CheckInCandidate[]> {
  let query = db
    .selectFrom('bookings')
    .innerJoin('spaces', 'spaces.id', 'bookings.space_id')
    .innerJoin('locations', 'locations.id', 'bookings.location_id')
    .select([
      'bookings.id',
      'bookings.user_id',
      'bookings.organization_id',
      'bookings.enter_at',
      'bookings.leave_at',
      'bookings.created_at',
      'bookings.checkin_reminded_at',
      'bookings.checkin_last_call_at',
      ...LEVEL_COLUMNS.map((c) => `spaces.${c} as space_${c}` as const),
      ...LEVEL_COLUMNS.map((c) => `locations.${c} as area_${c}` as const),
      LOCATION_ZONE.as('zone'),
    ]);
  query =
    'userId' in scope.of
      ? query.where('bookings.user_id', '=', scope.of.userId)
      : query.where('bookings.organization_id', '=', scope.of.organizationId);
  if (scope.startsAfter) query = query.where('bookings.enter_at', '>', scope.startsAfter);
  if (scope.remindersPending) query = query.where('bookings.checkin_last_call_at', 'is', null);
  const rows = await query
    .where('bookings.enter_at', '<=', scope.startsBy)
    .where('bookings.leave_at', '>', now)
    .where('bookings.approved', '=', true)
    .where('bookings.checked_in_at', 'is', null)
    .where('bookings.released_at', 'is', null)
    .orderBy('bookings.enter_at')
    .execute();
  return rows.map((row) => {
    const { id, user_id, organization_id, enter_at, leave_at, created_at, checkin_reminded_at, checkin_last_call_at } =
      row;
    return {
      booking: {
        id,
        user_id,
        organization_id,
        enter_at,
        leave_at,
        created_at,
        checkin_reminded_at,
        checkin_last_call_at,
      },
      zone: row.zone,
      area: levelOf(pickLevel(row, 'area_')),
      space: levelOf(pickLevel(row, 'space_')),
    };
  });
}

/** A space of the organisation named by its id or by the token in its code, with that token. */
export async function findSpaceForPresence(
  db: Db,
  organizationId: string,
  by: { spaceId?: string; token?: string },
): Promise<{ id: string; token: string } | undefined> {
  let query = db
    .selectFrom('spaces')
    .innerJoin('locations', 'locations.id', 'spaces.location_id')
    .select(['spaces.id', 'spaces.checkin_token as token'])
    .where('locations.organization_id', '=', organizationId);
  query =
    by.token !== undefined
      ? query.where('spaces.checkin_token', '=', by.token)
      : query.where('spaces.id', '=', by.spaceId!);
  return query.executeTakeFirst();
}

/** The id of the organisation's person with this email, if there is one. */
export async function findPersonId(db: Db, organizationId: string, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/**
 * The person's booking at the space that is in progress or starts before `until`, not released,
 * the earliest first.
 */
export async function presentBookingOf(
  db: Db,
  userId: string,
  spaceId: string,
  now: Date,
  until: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('user_id', '=', userId)
    .where('space_id', '=', spaceId)
    .where('leave_at', '>', now)
    .where('enter_at', '<', until)
    .where('released_at', 'is', null)
    .orderBy('enter_at')
    .executeTakeFirst();
  return row?.id;
}

/** Organisations where some level of the check-in policy asks for check-ins. */
export async function organizationsWithCheckIn(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('organizations as o')
    .select('o.id')
    .where(({ or, exists, selectFrom }) =>
      or([
        exists(
          selectFrom('settings')
            .select(sql`1`.as('one'))
            .whereRef('settings.organization_id', '=', 'o.id')
            .where('settings.name', '=', 'checkin_mode')
            .where('settings.value', '<>', '0'),
        ),
        exists(
          selectFrom('locations')
            .select(sql`1`.as('one'))
            .whereRef('locations.organization_id', '=', 'o.id')
            .where('locations.checkin_mode', '>', 0),
        ),
        exists(
          selectFrom('spaces')
            .innerJoin('locations', 'locations.id', 'spaces.location_id')
            .select(sql`1`.as('one'))
            .whereRef('locations.organization_id', '=', 'o.id')
            .where('spaces.checkin_mode', '>', 0),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}
