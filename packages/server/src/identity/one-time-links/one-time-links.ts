import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { isUuid } from '../../http/ids.js';

/**
 * One-time links and codes (rows of `auth_states`): a password reset, an invitation,
 * a pending contact-email change, an organisation deletion. A link names the account or
 * organisation it is for (`ref_id`), carries a small JSON payload and expires. Consumers lock
 * the row, so a link is used once even when two requests race.
 */
export const LinkType = {
  /** A provider sign-in under way: the OAuth `state` or SAML `RelayState` (ref: the provider). */
  ProviderRequest: 1,
  /** A finished provider sign-in, redeemed at `GET /auth/verify/:id` (ref: the provider). */
  ProviderTicket: 2,
  /** A sign-in from the team wiki, redeemed at `GET /auth/verify/:id` (ref: the organisation; payload: the user). */
  WikiTicket: 3,
  PasswordReset: 5,
  OrgEmailChange: 6,
  OrgDeletion: 7,
  /** A TOTP setup waiting for its first code (ref: the user; payload: the encrypted secret and counters). */
  TotpEnrolment: 8,
  Invitation: 9,
  /** A passkey registration under way (ref: the user; payload: the encrypted WebAuthn challenge). */
  PasskeyRegistration: 10,
  /** A passkey sign-in without an email (ref: the organisation; payload: the encrypted challenge). */
  PasskeyLogin: 11,
  /** A passkey asked for as the second factor of a password sign-in (ref: the user). */
  PasskeySecondFactor: 12,
  /** What an org admin's test sign-in through a provider brought back (ref: the provider). */
  ProviderTestResult: 13,
  /** The links of a check-in reminder mail (ref: the booking): check in, or "I won't come". */
  CheckInReminder: 14,
} as const;
export type LinkType = (typeof LinkType)[keyof typeof LinkType];

/** How long each kind of link works. */
export const LINK_TTL_SECONDS: Record<LinkType, number> = {
  [LinkType.ProviderRequest]: 5 * 60,
  [LinkType.ProviderTicket]: 5 * 60,
  [LinkType.WikiTicket]: 5 * 60,
  [LinkType.PasswordReset]: 3600,
  [LinkType.OrgEmailChange]: 15 * 60,
  [LinkType.OrgDeletion]: 3600,
  [LinkType.TotpEnrolment]: 5 * 60,
  [LinkType.Invitation]: 72 * 3600,
  [LinkType.PasskeyRegistration]: 5 * 60,
  [LinkType.PasskeyLogin]: 5 * 60,
  [LinkType.PasskeySecondFactor]: 5 * 60,
  [LinkType.ProviderTestResult]: 5 * 60,
  // The longest; a reminder's link is made to expire when the booking is missed (`expiresAt`).
  [LinkType.CheckInReminder]: 36 * 3600,
};

/** Wrong codes a code-protected link takes before it stops working. */
export const MAX_CODE_ATTEMPTS = 5;

export interface OneTimeLink<P> {
  id: string;
  refId: string;
  payload: P;
  expiresAt: Date;
}

/** A new link; it expires after its type's time, or at `expiresAt` when that comes sooner. */
export async function createLink(
  db: Db,
  type: LinkType,
  refId: string,
  payload: unknown = {},
  expiresAt?: Date,
): Promise<string> {
  const ttl = sql<Date>`now() + make_interval(secs => ${LINK_TTL_SECONDS[type]})`;
  const row = await db
    .insertInto('auth_states')
    .values({
      state_type: type,
      ref_id: refId,
      payload: JSON.stringify(payload),
      expires_at: expiresAt ? sql<Date>`least(${expiresAt}::timestamptz, ${ttl})` : ttl,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A usable link of this type: known and not expired, else undefined. `forUpdate` locks it
 * until the caller's transaction ends (use it when consuming the link).
 */
export async function findLink<P>(
  db: Db,
  type: LinkType,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<OneTimeLink<P> | undefined> {
  if (!isUuid(id)) return undefined;
  let q = db
    .selectFrom('auth_states')
    .select(['id', 'ref_id', 'payload', 'expires_at'])
    .where('id', '=', id.toLowerCase())
    .where('state_type', '=', type)
    .where('expires_at', '>', sql<Date>`now()`);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || !row.ref_id) return undefined;
  let payload: P;
  try {
    payload = JSON.parse(row.payload || '{}') as P;
  } catch {
    return undefined;
  }
  return { id: row.id, refId: row.ref_id, payload, expiresAt: row.expires_at };
}

export async function updateLinkPayload(db: Db, id: string, payload: unknown): Promise<void> {
  await db
    .updateTable('auth_states')
    .set({ payload: JSON.stringify(payload) })
    .where('id', '=', id)
    .execute();
}

export async function deleteLink(db: Db, id: string): Promise<void> {
  await db.deleteFrom('auth_states').where('id', '=', id).execute();
}

/** Ends every link of this type for an account or organisation. */
export async function deleteLinksOf(db: Db, type: LinkType, refId: string): Promise<void> {
  await db.deleteFrom('auth_states').where('state_type', '=', type).where('ref_id', '=', refId).execute();
}

/** Links of this type that still work for an account or organisation. */
export async function countOpenLinks(db: Db, type: LinkType, refId: string): Promise<number> {
  const row = await db
    .selectFrom('auth_states')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('state_type', '=', type)
    .where('ref_id', '=', refId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A random six-digit code, e.g. "042917". */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Deletes a link; true when this call removed it, so of two racing consumers exactly one wins. */
export async function takeLink(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('auth_states').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
