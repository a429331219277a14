import { Role } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { isTimezone } from '../../organization/settings/index.js';

/**
 * Who reads a mail, with what it needs: address, name, language
 * (`mail_language`), the switches (`mail_notifications`, `mail_reminder`, `mail_checkin_reminder`,
 * `approval_notifications`) and the clock they read (`timezone`, `use_24_hour_time`).
 */

export interface MailReader {
  userId: string;
  email: string;
  firstname: string;
  organizationId: string;
  /** The reader's own time zone when set (`timezone` preference). */
  zone: string | null;
  use24Hour: boolean;
  /** The preferences that switch mails on ("1" on) and `mail_language`, as stored. */
  switches: Record<string, string>;
}

const READER_PREFERENCES = [
  'mail_notifications',
  'mail_reminder',
  'mail_checkin_reminder',
  'approval_notifications',
  'mail_language',
  'timezone',
  'use_24_hour_time',
];

export async function readersOf(db: Db, userIds: readonly string[]): Promise<MailReader[]> {
  if (userIds.length === 0) return [];
  // One statement: the people with their mail preferences as one JSON object each. The
  // preference names are constants written into the text, and one person (a booking's owner,
  // the usual case) is asked for by `=`: a prepared statement's generic plan is then as good
  // as a fresh one, and PostgreSQL stops planning it for every booking change.
  const ids = [...new Set(userIds)];
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'organization_id', 'disabled', 'role'])
    .select(
      sql<Record<string, string>>`coalesce((SELECT json_object_agg(p.name, p.value) FROM user_preferences p
        WHERE p.user_id = users.id AND p.name IN (${sql.join(READER_PREFERENCES.map((n) => sql.lit(n)))})), '{}')`.as(
        'switches',
      ),
    )
    .where(ids.length === 1 ? sql<boolean>`users.id = ${ids[0]}` : sql<boolean>`users.id = ANY(${ids}::uuid[])`)
    .execute();
  return users
    .filter((u) => !u.disabled && u.role !== Role.ServiceAccountReadOnly && u.role !== Role.ServiceAccountReadWrite)
    .map((u) => {
      const switches = u.switches;
      const zone = switches.timezone ?? '';
      return {
        userId: u.id,
        email: u.email,
        firstname: u.firstname,
        organizationId: u.organization_id,
        zone: zone && isTimezone(zone) ? zone : null,
        use24Hour: (switches.use_24_hour_time ?? '1') === '1',
        switches,
      };
    });
}

/** A person, if they are someone a mail can go to. */
export async function findReader(db: Db, userId: string): Promise<MailReader | undefined> {
  return (await readersOf(db, [userId]))[0];
}
