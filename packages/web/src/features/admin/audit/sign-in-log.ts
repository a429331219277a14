import type { AuthAttempt } from '@perch/contract';
import { AUTH_ERROR_CODES, AUTH_METHODS, type AuthErrorCode, type AuthMethod } from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';
import {
  addDaysToDate,
  combine,
  convertWallTime,
  datePart,
  nowInZone,
  wallTimeToUtcMs,
  type IsoDate,
} from '../../../shared/time/wall-time';
import { csvField } from '../../../shared/csv/csv';

/**
 * The sign-in log's filters as the address keeps them (`/admin/audit?start&end&user&outcome&page`,
 * the reference's parameters): whole days in the admin's own time zone, a part of the email and
 * the outcome. Defaults (the last seven days, everyone, every outcome) stay out of the address.
 */
export const OUTCOMES = ['all', 'success', 'failure'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface LogFilters {
  from: IsoDate;
  to: IsoDate;
  user: string;
  outcome: Outcome;
}

/** Days the list reaches back by default, today included (the API's default window is 7 × 24 h). */
const DEFAULT_DAYS = 7;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isDay = (value: string): boolean => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Today in the admin's zone. */
export const todayIn = (zone: string, now = new Date()): IsoDate => datePart(nowInZone(zone, now));

export function defaultFilters(today: IsoDate): LogFilters {
  return { from: addDaysToDate(today, -(DEFAULT_DAYS - 1)), to: today, user: '', outcome: 'all' };
}

export function filtersFromParams(params: URLSearchParams, today: IsoDate): LogFilters {
  const defaults = defaultFilters(today);
  const day = (name: string, fallback: IsoDate) => {
    const value = params.get(name) ?? '';
    return isDay(value) ? value : fallback;
  };
  const outcome = params.get('outcome') ?? '';
  return {
    from: day('start', defaults.from),
    to: day('end', defaults.to),
    user: (params.get('user') ?? '').trim(),
    outcome: (OUTCOMES as readonly string[]).includes(outcome) ? (outcome as Outcome) : 'all',
  };
}

/** The address's parameters of a set of filters (page 0 and defaults left out). */
export function filtersToParams(f: LogFilters, today: IsoDate, page = 0): Record<string, string> {
  const defaults = defaultFilters(today);
  const out: Record<string, string> = {};
  if (f.from !== defaults.from) out.start = f.from;
  if (f.to !== defaults.to) out.end = f.to;
  if (f.user) out.user = f.user;
  if (f.outcome !== 'all') out.outcome = f.outcome;
  if (page > 0) out.page = String(page);
  return out;
}

export function isDefault(f: LogFilters, today: IsoDate): boolean {
  return Object.keys(filtersToParams(f, today)).length === 0;
}

/** What is wrong with a date range the admin typed, or null. */
export function rangeProblem(from: string, to: string): MessageKey | null {
  if (!isDay(from) || !isDay(to)) return 'signInLogErrorDates';
  return from > to ? 'signInLogErrorOrder' : null;
}

/** The first instant of a day in `zone`, as RFC 3339 in UTC. */
function startOfDay(day: IsoDate, zone: string): number {
  return wallTimeToUtcMs(convertWallTime(combine(day, '00:00'), zone, 'UTC'));
}

/** `GET /auth-attempt/`'s window and filters: from the start of `from` to the end of `to`, in the admin's zone. */
export function listQuery(
  f: LogFilters,
  zone: string,
): { start: string; end: string; user?: string; success?: string } {
  return {
    start: new Date(startOfDay(f.from, zone)).toISOString(),
    end: new Date(startOfDay(addDaysToDate(f.to, 1), zone) - 1).toISOString(),
    ...(f.user ? { user: f.user } : {}),
    ...(f.outcome === 'all' ? {} : { success: f.outcome === 'success' ? 'true' : 'false' }),
  };
}

/** An instant in the admin's zone, date format and clock, to the second: `01.09.2030, 08:30:15`. */
export { formatInstant } from '../../../shared/time/format-time';

const METHOD_KEYS: Record<AuthMethod, MessageKey> = {
  password: 'authMethodPassword',
  totp: 'authMethodTotp',
  passkey: 'authMethodPasskey',
  passkey_2fa: 'authMethodPasskey2fa',
  oauth: 'authMethodOauth',
  saml: 'authMethodSaml',
  confluence: 'authMethodConfluence',
};

const REASON_KEYS: Record<AuthErrorCode, MessageKey> = {
  user_not_found: 'authErrorUserNotFound',
  password_pending: 'authErrorPasswordPending',
  no_password_set: 'authErrorNoPasswordSet',
  bound_to_auth_provider: 'authErrorBoundToAuthProvider',
  user_disabled: 'authErrorUserDisabled',
  service_account: 'authErrorServiceAccount',
  wrong_password: 'authErrorWrongPassword',
  password_update_required: 'authErrorPasswordUpdateRequired',
  password_update_not_required: 'authErrorPasswordUpdateNotRequired',
  not_service_account: 'authErrorNotServiceAccount',
  throttled: 'authErrorThrottled',
  busy: 'authErrorBusy',
  totp_replay: 'authErrorTotpReplay',
  totp_invalid: 'authErrorTotpInvalid',
  passkey_state_invalid: 'authErrorPasskeyStateInvalid',
  passkey_assertion_invalid: 'authErrorPasskeyAssertionInvalid',
  passkey_clone_detected: 'authErrorPasskeyCloneDetected',
  second_factor_locked: 'authErrorSecondFactorLocked',
  idp_provider_not_found: 'authErrorIdpProviderNotFound',
  idp_config_invalid: 'authErrorIdpConfigInvalid',
  idp_state_invalid: 'authErrorIdpStateInvalid',
  idp_code_exchange_failed: 'authErrorIdpCodeExchangeFailed',
  idp_userinfo_failed: 'authErrorIdpUserinfoFailed',
  idp_attribute_mapping_failed: 'authErrorIdpAttributeMappingFailed',
  idp_provider_mismatch: 'authErrorIdpProviderMismatch',
  idp_role_too_high: 'authErrorIdpRoleTooHigh',
  idp_link_required: 'authErrorIdpLinkRequired',
  idp_link_email_mismatch: 'authErrorIdpLinkEmailMismatch',
  second_factor_required: 'authErrorSecondFactorRequired',
  user_limit_reached: 'authErrorUserLimitReached',
  user_create_failed: 'authErrorUserCreateFailed',
  org_mismatch: 'authErrorOrgMismatch',
  internal_error: 'authErrorInternalError',
  confluence_jwt_invalid: 'authErrorConfluenceJwtInvalid',
  confluence_jwt_replayed: 'authErrorConfluenceJwtReplayed',
  confluence_jwt_expiry_too_far: 'authErrorConfluenceJwtExpiryTooFar',
  confluence_secret_too_short: 'authErrorConfluenceSecretTooShort',
  confluence_domain_not_verified: 'authErrorConfluenceDomainNotVerified',
};

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const isMethod = (m: string): m is AuthMethod => (AUTH_METHODS as readonly string[]).includes(m);
const isErrorCode = (c: string): c is AuthErrorCode => (AUTH_ERROR_CODES as readonly string[]).includes(c);

/** How the attempt was made, in words, with the sign-in provider's name when there is one. */
export function methodText(a: Pick<AuthAttempt, 'method' | 'authProviderName'>, t: Translate): string {
  const method = isMethod(a.method) ? t(METHOD_KEYS[a.method]) : a.method;
  return a.authProviderName ? t('signInLogMethodWithProvider', { method, provider: a.authProviderName }) : method;
}

/** Why the attempt failed, in words ('' for a success); a code this app does not know yet is shown as it is. */
export function reasonText(a: Pick<AuthAttempt, 'successful' | 'errorCode'>, t: Translate): string {
  if (a.successful || !a.errorCode) return '';
  return isErrorCode(a.errorCode) ? t(REASON_KEYS[a.errorCode]) : t('signInLogUnknownReason', { code: a.errorCode });
}

/**
 * The attempts as CSV (RFC 4180, CRLF, with a byte-order mark so spreadsheets read UTF-8): the
 * time in the admin's format and as RFC 3339 UTC, then the columns of the screen and the raw codes.
 */
export function attemptsCsv(rows: readonly AuthAttempt[], t: Translate, format: (iso: string) => string): string {
  const header = [
    t('signInLogColumnTime'),
    t('signInLogColumnTimestamp'),
    t('signInLogColumnEmail'),
    t('signInLogColumnMethod'),
    t('signInLogColumnResult'),
    t('signInLogColumnReason'),
    t('signInLogColumnAddress'),
    t('signInLogColumnDevice'),
    t('signInLogColumnErrorCode'),
    t('signInLogColumnErrorDetail'),
    t('signInLogColumnUserId'),
  ];
  const lines = [header.map(csvField).join(',')];
  for (const a of rows)
    lines.push(
      [
        format(a.timestamp),
        a.timestamp,
        a.email,
        methodText(a, t),
        t(a.successful ? 'signInLogSuccessful' : 'signInLogFailed'),
        reasonText(a, t),
        a.clientAddress,
        a.device,
        a.errorCode,
        a.errorDetail,
        a.userId,
      ]
        .map(csvField)
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const csvFileName = (f: LogFilters) => `sign-in-log-${f.from}-${f.to}.csv`;
