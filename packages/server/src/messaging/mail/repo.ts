import type { MailStatus } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { MailOutboxRow } from '../../db/schema.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboxInsert {
  organizationId: string | null;
  kind: string;
  recipient: string;
  language: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** Writes a mail into the outbox; run it in the transaction of the change that causes it. */
export async function insertOutboxMail(db: Db, mail: OutboxInsert): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      organization_id: mail.organizationId,
      kind: mail.kind,
      recipient: mail.recipient,
      language: mail.language,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html,
      attachments: JSON.stringify(mail.attachments ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` due mails for this process: waiting ones whose next attempt is due and
 * claims of other processes that ran out (a process that died while sending). Rows another
 * process is claiming right now are skipped, so no two processes send the same mail.
 */
export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<MailOutboxRow[]> {
  const { rows } = await sql<MailOutboxRow>`
    UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE (status = 'waiting' AND next_attempt_at <= now())
         OR (status = 'sending' AND locked_until < now())
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return rows;
}

/** Records a delivered mail, if this process still holds its claim. */
export async function markMailSent(db: Db, id: string, attempts: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: sql<Date>`now()`, locked_until: null, last_error: '' })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('attempts', '=', attempts)
    .execute();
}

/** Records a failed attempt: another one at `retryAt`, or none (`retryAt` null: given up). */
export async function markMailFailed(
  db: Db,
  id: string,
  attempts: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: retryAt ? 'waiting' : 'failed',
      next_attempt_at: retryAt ?? sql<Date>`now()`,
      locked_until: null,
      last_error: error.slice(0, 2000),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('attempts', '=', attempts)
    .execute();
}

export async function countMailsByStatus(db: Db, orgId: string): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('organization_id', '=', orgId)
    .groupBy('status')
    .execute();
  const counts: Record<MailStatus, number> = { waiting: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status as MailStatus] = Number(r.n);
  return counts;
}

export async function findOutboxPage(
  db: Db,
  orgId: string,
  query: { status?: MailStatus; limit: number; offset: number },
): Promise<MailOutboxRow[]> {
  let q = db.selectFrom('mail_outbox').selectAll().where('organization_id', '=', orgId);
  if (query.status) q = q.where('status', '=', query.status);
  return q.orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute();
}

export async function findOutboxMail(db: Db, orgId: string, id: string): Promise<MailOutboxRow | undefined> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Makes a waiting or failed mail due now. False when it was sent (or is being sent) meanwhile. */
export async function makeMailDueNow(db: Db, id: string): Promise<boolean> {
  const res = await db
    .updateTable('mail_outbox')
    .set({ status: 'waiting', next_attempt_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['waiting', 'failed'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes sent mails older than `before`, at most `limit` of them. */
export async function deleteSentMailsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('mail_outbox')
    .where(
      'id',
      'in',
      db.selectFrom('mail_outbox').select('id').where('status', '=', 'sent').where('sent_at', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
