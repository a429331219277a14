import type { MailStatus, OutboxMail } from '@perch/contract';
import type { MailOutboxRow } from '../../db/schema.js';

/** A mail of the outbox as admins see it: no body (it may carry a sign-in link). */
export function presentOutboxMail(m: MailOutboxRow): OutboxMail {
  const status = m.status as MailStatus;
  return {
    id: m.id,
    kind: m.kind,
    recipient: m.recipient,
    subject: m.subject,
    language: m.language,
    status,
    attempts: m.attempts,
    createdAt: m.created_at.toISOString(),
    sentAt: m.sent_at?.toISOString() ?? null,
    nextAttemptAt: status === 'waiting' ? m.next_attempt_at.toISOString() : null,
    lastError: m.last_error,
  };
}
