import type { Language } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import type { Config } from '../../config.js';
import { publicUrl } from '../../lib/public-url.js';
import { findPreference } from '../../identity/preferences/index.js';
import { insertOutboxMail, type MailAttachment } from './repo.js';
import { greetingName, mailLanguage, renderMail, type MailKind, type MailValues } from './templates.js';

/** Who a mail goes to: an account (its name and `mail_language` preference count), or a bare address. */
export interface MailRecipient {
  email: string;
  firstname?: string;
  userId?: string;
}

export interface QueuedMail {
  kind: MailKind;
  to: MailRecipient;
  organization: { id: string; name: string; language: string };
  values?: MailValues;
  /** A path of the app (e.g. `/ui/resetpw/<id>/`), made absolute under PUBLIC_URL. */
  linkPath?: string;
  /** The path of the second button, for templates that have one. */
  secondLinkPath?: string;
  attachments?: MailAttachment[];
  /** The language, when the caller already chose it by the same rule; else it is looked up here. */
  language?: Language;
}

/**
 * Writes a mail into the outbox, in the recipient's language (their `mail_language` preference,
 * else the organisation's language), rendered now. Call it with the transaction of the change
 * that causes the mail: the mail exists exactly when the change does. Returns the mail's id.
 */
export async function queueMail(db: Db, config: Config, mail: QueuedMail): Promise<string> {
  const language =
    mail.language ??
    mailLanguage(
      mail.to.userId ? await findPreference(db, mail.to.userId, 'mail_language') : undefined,
      mail.organization.language,
    );
  const rendered = renderMail({
    kind: mail.kind,
    language,
    values: {
      name: greetingName(mail.to.firstname ?? '', mail.to.email),
      orgName: mail.organization.name,
      email: mail.to.email,
      ...mail.values,
    },
    link: mail.linkPath ? publicUrl(config, mail.linkPath) : undefined,
    secondLink: mail.secondLinkPath ? publicUrl(config, mail.secondLinkPath) : undefined,
  });
  return insertOutboxMail(db, {
    organizationId: mail.organization.id,
    kind: mail.kind,
    recipient: mail.to.email,
    language,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: mail.attachments,
  });
}
