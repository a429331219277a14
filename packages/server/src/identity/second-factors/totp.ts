import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import {
  createLink,
  deleteLinksOf,
  findLink,
  LinkType,
  MAX_CODE_ATTEMPTS,
  updateLinkPayload,
} from '../one-time-links/index.js';
import { managedUser } from '../accounts/index.js';
import { secondFactorRequired } from './enforcement.js';
import { clearTotp, setTotpSecret } from './repo.js';

/**
 * TOTP (RFC 6238 as authenticator apps know it: SHA-1, 6 digits, 30 s) and its enrolment: a
 * new secret is shown as a QR code and held in a one-time state until the user confirms it with
 * a first code. The secret is stored encrypted, in the state as on the account.
 */

/** Reads of an enrolment's secret before it refuses them (429); wrong codes are MAX_CODE_ATTEMPTS. */
export const SECRET_READS = 5;
/** Codes of the step before and after the current one count too (clock drift, typing time). */
const TOLERANCE_SECONDS = 30;
/** The QR code's size in pixels. qrcode floors width / modules × modules, so a hair more makes it exact. */
const QR_SIZE = 256;

interface EnrolmentPayload {
  /** The encrypted secret; null once wrong codes used the enrolment up. */
  secret: string | null;
  reads: number;
  attempts: number;
}

/** A code's verdict: valid, with the time step it belongs to (for the replay rule). */
export type TotpCheck = { valid: true; step: number } | { valid: false };

/** Checks a 6-digit code against a base32 secret at the current time, one step either side. */
export async function checkTotpCode(secret: string, code: string): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(code)) return { valid: false };
  try {
    const r = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
    // The functional API's result type covers HOTP too, which has no time step.
    return r.valid && 'timeStep' in r ? { valid: true, step: r.timeStep } : { valid: false };
  } catch {
    // An unreadable stored secret is a code that cannot match.
    return { valid: false };
  }
}

/** The code an authenticator app shows for a secret at `epochSeconds` (tests, scripts). */
export const totpCodeAt = (secret: string, epochSeconds: number): Promise<string> =>
  generate({ secret, epoch: epochSeconds });

/** `GET /user/totp/generate`: a new secret as a QR code, held for 5 minutes. */
export async function startTotpEnrolment(
  deps: AppDeps,
  auth: AuthContext,
): Promise<{ image: string; stateId: string }> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: `Perch for ${auth.organization.name}`, label: auth.email, secret });
  const png = await QRCode.toBuffer(uri, { type: 'png', width: QR_SIZE + 0.001, margin: 2 });
  const payload: EnrolmentPayload = { secret: deps.secrets.encrypt(secret), reads: 0, attempts: 0 };
  const stateId = await createLink(deps.db, LinkType.TotpEnrolment, auth.userId, payload);
  return { image: png.toString('base64'), stateId };
}

const unknownEnrolment = () => notFound('Unknown or expired TOTP setup');
const enrolmentUsedUp = (expiresAt: Date) =>
  tooManyRequests((expiresAt.getTime() - Date.now()) / 1000, 'Too many attempts for this TOTP setup; start again');

/** `GET /user/totp/:id/secret`: the secret as text, for typing it in; its owner only, 5 times. */
export async function readEnrolmentSecret(deps: AppDeps, auth: AuthContext, stateId: string): Promise<string> {
  return inTransaction(deps, async (tx) => {
    const link = await findLink<EnrolmentPayload>(tx.db, LinkType.TotpEnrolment, stateId, { forUpdate: true });
    // Someone else's setup is unknown to the caller, and reading it costs the owner nothing.
    if (!link || link.refId !== auth.userId) throw unknownEnrolment();
    const p = link.payload;
    if (p.secret === null || p.reads >= SECRET_READS) throw enrolmentUsedUp(link.expiresAt);
    const secret = deps.secrets.decrypt(p.secret);
    if (secret === null) throw unknownEnrolment();
    await updateLinkPayload(tx.db, link.id, { ...p, reads: p.reads + 1 });
    return secret;
  });
}

/**
 * `POST /user/totp/validate`: turns TOTP on when the code matches the setup's secret. Wrong codes
 * are counted in the state: the fifth one ends the setup (429; it is deleted).
 */
export async function confirmTotpEnrolment(
  deps: AppDeps,
  auth: AuthContext,
  input: { stateId: string; code: string },
): Promise<void> {
  const verdict = await inTransaction(deps, async (tx) => {
    const link = await findLink<EnrolmentPayload>(tx.db, LinkType.TotpEnrolment, input.stateId, { forUpdate: true });
    if (!link || link.refId !== auth.userId) return 'unknown' as const;
    const p = link.payload;
    const secret = p.secret === null ? null : deps.secrets.decrypt(p.secret);
    if (secret === null || p.attempts >= MAX_CODE_ATTEMPTS) {
      await deleteLinksOf(tx.db, LinkType.TotpEnrolment, auth.userId);
      return { usedUp: link.expiresAt };
    }
    const check = await checkTotpCode(secret, input.code);
    if (!check.valid) {
      const attempts = p.attempts + 1;
      if (attempts >= MAX_CODE_ATTEMPTS) {
        await deleteLinksOf(tx.db, LinkType.TotpEnrolment, auth.userId);
        return { usedUp: link.expiresAt };
      }
      await updateLinkPayload(tx.db, link.id, { ...p, attempts });
      return 'wrong' as const;
    }
    // The confirming code's step counts as used: it cannot sign in a second time.
    await clearTotp(tx.db, auth.userId);
    await setTotpSecret(tx.db, auth.userId, deps.secrets.encrypt(secret), check.step);
    await deleteLinksOf(tx.db, LinkType.TotpEnrolment, auth.userId);
    return 'on' as const;
  });
  if (verdict === 'unknown') throw unknownEnrolment();
  if (verdict === 'wrong') throw badRequest('Wrong code');
  if (verdict !== 'on') throw enrolmentUsedUp(verdict.usedUp);
}

/** `POST /user/totp/disable`: TOTP off for the caller, unless the organisation requires it of them. */
export async function disableTotp(deps: AppDeps, auth: AuthContext): Promise<void> {
  if (await secondFactorRequired(deps.db, auth.user))
    throw forbidden('Your organisation requires two-factor sign-in; it cannot be turned off');
  await clearTotp(deps.db, auth.userId);
}

/** `DELETE /user/:id/totp`: an org admin turns a user's TOTP off, recovery codes included. */
export async function resetTotpOf(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  const user = await managedUser(deps, auth, rawId);
  await clearTotp(deps.db, user.id);
}
