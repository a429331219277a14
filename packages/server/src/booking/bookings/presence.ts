import {
  ErrorCode,
  PRESENCE_REPORT_MAX_DAYS,
  PRESENCE_REPORT_MAX_USERS,
  Role,
  type PresenceReport,
} from '@perch/contract';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { badRequest, notFound } from '../../http/errors.js';
import { areaFilter } from './area-filter.js';
import { settingEnabled } from '../../organization/settings/index.js';

/**
 * The presence report (`GET /booking/report/presence/`): for each person of the organisation
 * (up to 1000, by email) and each calendar day of a window of at most 31 days, the number of
 * their bookings that touch the day.
 *
 * Time zones: the reference stores bookings as wall-clock values of their area and compares
 * dates on those. Perch stores instants, so a booking's days are the **local dates of its own
 * area's zone** (its zone, else the organisation's `default_timezone`): a booking from 22:00 to
 * 02:00 in Tokyo covers two Tokyo dates, whatever the server's or the viewer's zone. The
 * window's `start` and `end` name calendar days, not instants: their digits are read as written
 * (any offset ignored, like `/booking/filter/`), and each column is one date that every area
 * reads in its own zone. A booking leaving at exactly midnight does not cover the next day
 * (Perch's rule for weekdays too); the reference takes the leave's date as is.
 */

/** A window bound as a wall clock (written in UTC, the zone carries no meaning). */
function wallClock(text: string, name: string): DateTime {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/.exec(
      text.trim(),
    );
  const t = m
    ? DateTime.fromObject(
        {
          year: Number(m[1]),
          month: Number(m[2]),
          day: Number(m[3]),
          hour: Number(m[4] ?? 0),
          minute: Number(m[5] ?? 0),
          second: Number(m[6] ?? 0),
        },
        { zone: 'utc' },
      )
    : null;
  // Years the database's dates and the report's margins of a day can hold without overflowing.
  if (!t?.isValid || t.year < 1000 || t.year > 9998)
    throw badRequest(`${name} must be a date (YYYY-MM-DD) or an RFC 3339 time`);
  return t;
}

/** The report's days: from `start`'s date, each day that begins before `end`. */
export function reportDays(startText: string, endText: string): string[] {
  const start = wallClock(startText, 'start');
  const end = wallClock(endText, 'end');
  if (end <= start) throw badRequest('end must be after start');
  if (end.diff(start, 'days').days > PRESENCE_REPORT_MAX_DAYS)
    throw badRequest(
      `The presence report covers at most ${PRESENCE_REPORT_MAX_DAYS} days`,
      ErrorCode.PresenceReportDateRangeTooLong,
    );
  const days: string[] = [];
  for (let day = start.startOf('day'); day < end; day = day.plus({ days: 1 })) days.push(day.toISODate()!);
  return days;
}

interface PresenceRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  presence: number[];
}

/**
 * One query: the organisation's people × the window's days (generate_series), each cell the
 * number of the person's bookings whose local dates in their area's zone include the day.
 * Bookings are first narrowed to those overlapping the window widened by a day on either side
 * (every zone lies within ±14 h of UTC) through the areas' range index.
 */
async function presenceRows(
  db: Db,
  orgId: string,
  days: readonly string[],
  locationId: string | undefined,
): Promise<PresenceRow[]> {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const lower = DateTime.fromISO(first, { zone: 'utc' }).minus({ days: 1 }).toJSDate();
  const upper = DateTime.fromISO(last, { zone: 'utc' }).plus({ days: 2 }).toJSDate();
  const area = locationId ? sql`AND l.id = ${locationId}` : sql``;
  const { rows } = await sql<PresenceRow>`
    WITH people AS (
      SELECT id, email, firstname, lastname FROM users
      WHERE organization_id = ${orgId}
      ORDER BY email, id
      LIMIT ${PRESENCE_REPORT_MAX_USERS}
    ),
    days AS (
      SELECT d::date AS day FROM generate_series(${first}::date, ${last}::date, interval '1 day') AS d
    ),
    default_zone AS (
      SELECT coalesce(
        (SELECT nullif(value, '') FROM settings WHERE organization_id = ${orgId} AND name = 'default_timezone'),
        'UTC') AS zone
    ),
    spans AS (
      SELECT b.user_id,
        (b.enter_at AT TIME ZONE z.zone)::date AS first_day,
        ((b.leave_at AT TIME ZONE z.zone) - interval '1 microsecond')::date AS last_day
      FROM locations l
      CROSS JOIN default_zone dz
      CROSS JOIN LATERAL (SELECT coalesce(nullif(l.timezone, ''), dz.zone) AS zone) z
      JOIN bookings b ON b.location_id = l.id
        AND tstzrange(b.enter_at, b.leave_at, '[)') && tstzrange(${lower}::timestamptz, ${upper}::timestamptz, '[)')
      WHERE l.organization_id = ${orgId} AND b.organization_id = ${orgId} ${area}
    ),
    cells AS (
      SELECT s.user_id, d.day, count(*)::int AS n
      FROM spans s JOIN days d ON d.day BETWEEN s.first_day AND s.last_day
      GROUP BY s.user_id, d.day
    )
    SELECT p.id, p.email, p.firstname, p.lastname,
      array_agg(coalesce(c.n, 0) ORDER BY d.day) AS presence
    FROM people p
    CROSS JOIN days d
    LEFT JOIN cells c ON c.user_id = p.id AND c.day = d.day
    GROUP BY p.id, p.email, p.firstname, p.lastname
    ORDER BY p.email, p.id`.execute(db);
  return rows;
}

/**
 * Space admins of the organisation (403 below); 404 while the organisation hides reports
 * (`hide_reports`); 400 for missing or bad dates, 400 + 2001 for more than 31 days, 400 for an
 * area that is not one of the organisation's (the reference answers 403 for another
 * organisation's area; Perch does not tell other organisations' ids from unknown ones).
 */
export async function presenceReport(
  deps: AppDeps,
  auth: AuthContext,
  q: { start: string; end: string; locationId?: string | undefined },
): Promise<PresenceReport> {
  requireRole(auth, Role.SpaceAdmin);
  if (await settingEnabled(deps.db, auth.orgId, 'hide_reports')) throw notFound('Reports are hidden');
  const dates = reportDays(q.start, q.end);
  const locationId = q.locationId ? await areaFilter(deps.db, auth.orgId, q.locationId) : undefined;
  const rows = await presenceRows(deps.db, auth.orgId, dates, locationId);
  return {
    users: rows.map((r) => ({ userId: r.id, email: r.email, firstname: r.firstname, lastname: r.lastname })),
    dates,
    presences: rows.map((r) => r.presence.map(Number)),
  };
}
