import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** A row of the sign-in audit log as the list reads it, with the sign-in provider's name. */
export interface AuthAttemptView {
  id: string;
  user_id: string | null;
  email: string;
  created_at: Date;
  successful: boolean;
  method: string;
  auth_provider_id: string | null;
  auth_provider_name: string | null;
  error_code: string;
  error_detail: string;
  client_address: string;
  device: string;
}

export interface NewAuthAttempt {
  organization_id: string;
  user_id: string | null;
  email: string;
  successful: boolean;
  method: string;
  auth_provider_id: string | null;
  error_code: string;
  error_detail: string;
  client_address: string;
  device: string;
}

/**
 * Inserts an attempt, unless its organisation does not exist (a sign-in may name any id): such
 * an attempt belongs to nobody's log. A user deleted meanwhile is recorded as none.
 */
export async function insertAuthAttempt(db: Db, a: NewAuthAttempt): Promise<void> {
  await sql`
    INSERT INTO auth_attempts (organization_id, user_id, email, successful, method, auth_provider_id,
                               error_code, error_detail, client_address, device)
    SELECT o.id, (SELECT u.id FROM users u WHERE u.id = ${a.user_id}::uuid AND u.organization_id = o.id),
           ${a.email}, ${a.successful}, ${a.method}, ${a.auth_provider_id}::uuid,
           ${a.error_code}, ${a.error_detail}, ${a.client_address}, ${a.device}
    FROM organizations o WHERE o.id = ${a.organization_id}::uuid`.execute(db);
}

export interface AuthAttemptFilter {
  orgId: string;
  start: Date;
  end: Date;
  /** A part of the email, matched case-insensitively. */
  email: string | undefined;
  successful: boolean | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, f: AuthAttemptFilter) {
  let q = db
    .selectFrom('auth_attempts as a')
    .where('a.organization_id', '=', f.orgId)
    .where('a.created_at', '>=', f.start)
    .where('a.created_at', '<=', f.end);
  if (f.email) q = q.where('a.email', 'ilike', `%${escapeLike(f.email)}%`);
  if (f.successful !== undefined) q = q.where('a.successful', '=', f.successful);
  return q;
}

/** One page of an organisation's attempts, newest first, and how many match over all pages. */
export async function findAuthAttempts(
  db: Db,
  f: AuthAttemptFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuthAttemptView[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .leftJoin('auth_providers as p', (j) =>
        j.onRef('p.id', '=', 'a.auth_provider_id').onRef('p.organization_id', '=', 'a.organization_id'),
      )
      .select([
        'a.id',
        'a.user_id',
        'a.email',
        'a.created_at',
        'a.successful',
        'a.method',
        'a.auth_provider_id',
        'p.name as auth_provider_name',
        'a.error_code',
        'a.error_detail',
        'a.client_address',
        'a.device',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Deletes up to `batch` attempts older than `before`; returns how many went. */
export async function deleteAuthAttemptsBefore(db: Db, before: Date, batch: number): Promise<number> {
  const result = await sql`
    DELETE FROM auth_attempts WHERE id IN (
      SELECT id FROM auth_attempts WHERE created_at < ${before} ORDER BY created_at LIMIT ${batch}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
