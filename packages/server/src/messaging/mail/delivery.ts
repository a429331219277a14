import { rootCertificates } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { MailObserver } from '../../http/metrics.js';
import { nextAttemptAt } from '../../lib/background-queue.js';
import type { Db } from '../../db/connection.js';
import type { MailOutboxRow } from '../../db/schema.js';
import { claimDueMails, markMailFailed, markMailSent, type MailAttachment } from './repo.js';

/**
 * Delivery of the mail outbox. Every server process runs a loop that claims due mails (see
 * repo.ts `claimDueMails`: rows locked by another process are skipped, a claim is a lease that
 * another process takes over only once it ran out), hands them to the SMTP server outside any
 * database transaction and records the outcome. A failed attempt is retried with growing
 * pauses for MAIL_RETRY_HOURS; a mail the server refuses for good (an unknown recipient)
 * fails at once. A mail is sent twice only when a process dies between the SMTP server's
 * acceptance and the record of it; its Message-ID is stable, so mail systems can drop the copy.
 */

/** Sends one mail; throws on failure. */
export interface MailSender {
  send(mail: MailOutboxRow): Promise<void>;
  close(): void;
}

/** Mails claimed per round. */
const BATCH = 10;
/** How long a claim lasts: well above the SMTP time-outs below. */
export const LEASE_SECONDS = 120;

/**
 * Whether the connection must be encrypted before anything is sent: always on port 465 (TLS
 * from the start); with STARTTLS when SMTP_START_TLS=1, or when credentials would otherwise go
 * out in clear text (unless SMTP_ALLOW_PLAIN_AUTH=1). Otherwise STARTTLS is used when offered.
 */
export function smtpRequiresTls(config: Config): 'tls' | 'starttls' | 'when-offered' {
  if (config.SMTP_PORT === 465) return 'tls';
  if (config.SMTP_START_TLS) return 'starttls';
  return config.SMTP_AUTH_USER && !config.SMTP_ALLOW_PLAIN_AUTH ? 'starttls' : 'when-offered';
}

export function smtpSender(config: Config): MailSender | null {
  if (!config.SMTP_HOST) return null;
  const tls = smtpRequiresTls(config);
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: tls === 'tls',
    // Without it nodemailer still upgrades whenever the server offers STARTTLS, and a
    // certificate it cannot verify fails the attempt rather than falling back to clear text.
    requireTLS: tls === 'starttls',
    // A private CA is trusted besides the public ones, not instead of them.
    ...(config.SMTP_TLS_CA ? { tls: { ca: [...rootCertificates, config.SMTP_TLS_CA] } } : {}),
    auth: config.SMTP_AUTH_USER ? { user: config.SMTP_AUTH_USER, pass: config.SMTP_AUTH_PASS ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const attachments = (Array.isArray(mail.attachments) ? mail.attachments : []) as MailAttachment[];
      await sendExplained(config, () =>
        transport.sendMail({
          from: config.MAIL_SENDER_ADDRESS,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.body_text,
          html: mail.body_html,
          messageId: `<${mail.id}@perch.mail>`,
          headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': mail.language },
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        }),
      );
    },
    close: () => transport.close(),
  };
}

/** Codes of Node's TLS layer for a certificate it does not accept (nodemailer keeps them as `originalCode`). */
const CERTIFICATE_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO_|^ERR_TLS_/;

/**
 * Runs a hand-over and turns nodemailer's TLS failures into what an admin reading the outbox
 * needs: which setting asked for encryption, or that the certificate is not trusted and how to
 * trust a private CA's.
 */
async function sendExplained(config: Config, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    const e = err as { code?: string; originalCode?: unknown; response?: string; message?: string };
    const server = `The mail server ${config.SMTP_HOST}:${config.SMTP_PORT}`;
    if (e.code === 'ETLS' && e.response) {
      const why = config.SMTP_START_TLS
        ? 'SMTP_START_TLS=1 requires an encrypted connection'
        : 'the SMTP password is not sent unencrypted (SMTP_ALLOW_PLAIN_AUTH=1 allows it)';
      throw explained(`${server} offers no STARTTLS (it answered "${e.response}"): ${why}`);
    }
    if (typeof e.originalCode === 'string' && CERTIFICATE_FAILURE.test(e.originalCode)) {
      const trust = config.SMTP_TLS_CA
        ? 'neither a public CA nor the one of SMTP_TLS_CA vouches for it'
        : 'SMTP_TLS_CA names the CA of a private certificate';
      throw explained(`${server} has a certificate that is not trusted (${e.message ?? e.originalCode}): ${trust}`);
    }
    throw err;
  }
}

const explained = (message: string) => Object.assign(new Error(message), { code: 'ETLS' });

/** Whether the SMTP server refused this recipient for good (5xx to the address), so retrying is useless. */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { responseCode?: number; command?: string };
  return (
    typeof e.responseCode === 'number' && e.responseCode >= 550 && e.responseCode <= 553 && e.command === 'RCPT TO'
  );
}

export function describeFailure(err: unknown): string {
  const e = err as { response?: string; code?: string; message?: string };
  return (e.response || [e.code, e.message].filter(Boolean).join(': ') || String(err)).slice(0, 2000);
}

/** Claims and sends due mails until none is left; returns how many were sent. */
export async function deliverDueMails(
  db: Db,
  sender: MailSender,
  config: Pick<Config, 'MAIL_RETRY_HOURS'>,
  log?: FastifyBaseLogger,
  observer?: MailObserver,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDueMails(db, BATCH, LEASE_SECONDS);
    if (batch.length === 0) return sent;
    for (const mail of batch) {
      try {
        await sender.send(mail);
        await markMailSent(db, mail.id, mail.attempts);
        observer?.sent();
        sent++;
      } catch (err) {
        const retryAt = isPermanentFailure(err)
          ? null
          : nextAttemptAt(mail.created_at, mail.attempts, config.MAIL_RETRY_HOURS);
        log?.warn({ mail: mail.id, kind: mail.kind, err: describeFailure(err), retryAt }, 'mail not delivered');
        await markMailFailed(db, mail.id, mail.attempts, describeFailure(err), retryAt);
        observer?.failed(retryAt ? 'retry' : 'given_up');
      }
    }
  }
}
