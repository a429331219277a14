import type { MailStatus, OutboxMail } from '@perch/contract';
import { MAIL_STATUSES } from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';

/**
 * The outbox page's filter as the address keeps it (`/admin/mail?status&page`): one status or
 * all, and the page (from 0). Defaults stay out of the address.
 */
export interface MailFilter {
  status: MailStatus | undefined;
  page: number;
}

const isStatus = (value: string): value is MailStatus => (MAIL_STATUSES as readonly string[]).includes(value);

export function mailFilterFromParams(params: URLSearchParams): MailFilter {
  const status = params.get('status') ?? '';
  const page = Number.parseInt(params.get('page') ?? '0', 10);
  return { status: isStatus(status) ? status : undefined, page: Number.isFinite(page) && page > 0 ? page : 0 };
}

export function mailFilterToParams({ status, page }: MailFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (status) out.status = status;
  if (page > 0) out.page = String(page);
  return out;
}

export const STATUS_LABELS = {
  waiting: 'mailStatusWaiting',
  sending: 'mailStatusSending',
  sent: 'mailStatusSent',
  failed: 'mailStatusFailed',
} as const satisfies Record<MailStatus, MessageKey>;

export const STATUS_COLORS: Readonly<Record<MailStatus, string>> = {
  waiting: 'yellow',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
};

const KIND_LABELS: Readonly<Record<string, MessageKey>> = {
  'password-reset': 'mailKindPasswordReset',
  invitation: 'mailKindInvitation',
  'org-email-verify': 'mailKindOrgEmailVerify',
  'org-deletion': 'mailKindOrgDeletion',
};

type Translate = (key: MessageKey) => string;

/** What caused a mail, in words; a kind this app does not know yet (booking mails …) is shown as it is. */
export function kindText(kind: string, t: Translate): string {
  const key = KIND_LABELS[kind];
  return key ? t(key) : kind;
}

/** A mail that has not gone out (yet) can be tried again now. */
export const mayRetry = (mail: Pick<OutboxMail, 'status'>): boolean =>
  mail.status === 'waiting' || mail.status === 'failed';
