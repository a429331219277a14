import { z } from 'zod';
import { MAIL_STATUSES } from '../limits.js';

/** `GET /mail-outbox/`: optionally one status, and a page (`limit` 1–100, default 50). */
export const mailOutboxListQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type MailOutboxListQuery = z.infer<typeof mailOutboxListQuery>;

/** One mail of the organisation's outbox. Its body is never shown: it may carry a sign-in link. */
export const outboxMailSchema = z.object({
  id: z.string(),
  /** What caused it: `password-reset`, `invitation`, `org-email-verify`, `org-deletion`, booking mails … */
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  language: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  /** When it was handed to the mail server, else null. */
  sentAt: z.string().nullable(),
  /** When the next attempt is due while waiting, else null. */
  nextAttemptAt: z.string().nullable(),
  /** The mail server's answer to the last failed attempt, '' when none failed. */
  lastError: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const mailOutboxSchema = z.object({
  /** Whether this server delivers mail at all (SMTP_HOST is set). Without it, mails wait. */
  deliveryConfigured: z.boolean(),
  /** Mails of the organisation in each status. */
  counts: z.object({
    waiting: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
  }),
  /** Matching mails over all pages. */
  total: z.number().int(),
  items: z.array(outboxMailSchema),
});
export type MailOutbox = z.infer<typeof mailOutboxSchema>;
