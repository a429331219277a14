import type { AuthErrorCode, PasskeyRequired } from '@perch/contract';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, notFound, tooManyRequests } from '../../http/errors.js';
import type { RequestInfo } from '../../http/route.js';
import { recordAuthAttempt, type AuthAttemptOutcome } from '../auth-attempts/index.js';
import { passwordRefusal } from '../accounts/index.js';
import { openSession, type IssuedTokens } from '../sessions/index.js';
import { blockedFor, recordFailure, recordSuccess, throttleKeys } from '../sign-in-throttle/index.js';
import { createLink, findLink, LinkType, takeLink } from '../one-time-links/index.js';
import { findOrganization, primaryDomain } from '../../organization/organizations/index.js';
import { checkUnderLock, factorLockedError } from './factor-locks.js';
import { verifyAssertion } from './passkey-assertion.js';
import {
  credentialIdHash,
  expectedOrigin,
  openCeremony,
  readAssertion,
  relyingPartyId,
  sealCeremony,
} from './relying-party.js';
import { findPasskeyByCredential, findPasskeysOfUser } from './repo.js';

/**
 * Signing in with a passkey: alone (a discoverable credential, no email or password), or as the
 * second factor of a password sign-in (the challenge names the account's own passkeys). Failures
 * count toward the sign-in throttle and the account's passkey lock, and are written to the sign-in
 * log.
 */

type Host = Pick<RequestInfo, 'host' | 'authority' | 'protocol'>;

/** The passkey sign-in always takes this long, so its timing does not tell which credentials exist. */
export const PASSKEY_LOGIN_MIN_MS = 100;

/** `POST /auth/passkey/login/begin`: request options for any passkey of the organisation, held 5 minutes. */
export async function beginPasskeyLogin(
  deps: AppDeps,
  organizationId: string,
): Promise<{ stateId: string; challenge: { publicKey: object } }> {
  const orgId = organizationId.toLowerCase();
  if (!(await findOrganization(deps.db, orgId))) throw notFound('Unknown organisation');
  const rpId = relyingPartyId(await primaryDomain(deps.db, orgId));
  // The reference fails with a 500 here; an organisation without a primary domain has no passkeys.
  if (rpId === '') throw notFound('The organisation has no primary domain for passkeys');
  const options = await generateAuthenticationOptions({ rpID: rpId, userVerification: 'required' });
  const sealed = sealCeremony(deps.secrets, { challenge: options.challenge, rpId, orgId });
  const stateId = await createLink(deps.db, LinkType.PasskeyLogin, orgId, sealed);
  return { stateId, challenge: { publicKey: options } };
}

/** `POST /auth/passkey/login/finish`: a session for the owner of a verified passkey. */
export async function finishPasskeyLogin(
  deps: AppDeps,
  input: { stateId: string; credential: unknown },
  request: Host & Pick<RequestInfo, 'ip' | 'userAgent'>,
): Promise<IssuedTokens> {
  const started = Date.now();
  try {
    return await signInWithPasskey(deps, input, request);
  } finally {
    const rest = PASSKEY_LOGIN_MIN_MS - (Date.now() - started);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  }
}

const noPasskeyLogin = () => notFound('Passkey sign-in failed');

async function signInWithPasskey(
  deps: AppDeps,
  input: { stateId: string; credential: unknown },
  request: Host & Pick<RequestInfo, 'ip' | 'userAgent'>,
): Promise<IssuedTokens> {
  const response = readAssertion(input.credential);
  if (response === null) throw badRequest('The credential is not a WebAuthn sign-in answer');
  const state = await findLink(deps.db, LinkType.PasskeyLogin, input.stateId);
  const ceremony = state ? openCeremony(deps.secrets, state.payload) : null;
  if (!state || !ceremony) throw noPasskeyLogin();
  const orgId = state.refId;
  const found = await findPasskeyByCredential(deps.db, credentialIdHash(response.id));
  const user = found && found.user.organization_id === orgId ? found.user : undefined;
  const keys = throttleKeys(orgId, user?.email ?? '', request.ip);
  const record = (outcome: AuthAttemptOutcome) =>
    recordAuthAttempt(deps, {
      ...outcome,
      organizationId: orgId,
      method: 'passkey',
      email: user?.email ?? '',
      userId: user?.id ?? null,
      clientAddress: request.ip,
      userAgent: request.userAgent,
    });
  const fail = async (errorCode: AuthErrorCode, errorDetail: string) => {
    await recordFailure(deps, keys);
    await record({ successful: false, errorCode, errorDetail });
    return noPasskeyLogin();
  };

  const wait = await blockedFor(deps, keys);
  if (wait > 0) {
    await record({ successful: false, errorCode: 'throttled', errorDetail: `Blocked for ${wait} more seconds` });
    throw tooManyRequests(wait, 'Too many failed sign-in attempts; try again later');
  }
  if (!found || !user) throw await fail('passkey_assertion_invalid', 'No passkey of the organisation has this id');
  const refused = passwordRefusal(user);
  if (refused !== null) throw await fail(refused, 'The account cannot sign in with a passkey');

  // The account's passkeys are counted together, whichever way they are used (factor-locks.ts).
  const verify = () =>
    inTransaction(deps, async (tx) => {
      // Locked: of two requests with the same answer, one signs in.
      const live = await findLink(tx.db, LinkType.PasskeyLogin, state.id, { forUpdate: true });
      if (!live) return { ok: false, code: 'passkey_state_invalid', detail: 'The sign-in was used already' } as const;
      const origin = expectedOrigin(deps.config, ceremony.rpId, request);
      const v = await verifyAssertion(tx, {
        response,
        ceremony,
        origin,
        passkey: found.passkey,
        requireUserVerification: true,
      });
      if (v.ok) await takeLink(tx.db, state.id);
      return v;
    });
  const guarded = await checkUnderLock(deps, user, 'passkey', verify, (v) => !v.ok);
  if ('locked' in guarded) {
    await record({ successful: false, errorCode: 'second_factor_locked', errorDetail: guarded.locked.detail });
    throw factorLockedError(guarded.locked);
  }
  const { verdict, lockedNow } = guarded;
  if (!verdict.ok) {
    const refusal = await fail(verdict.code, lockedNow ? `${verdict.detail}; ${lockedNow.detail}` : verdict.detail);
    throw lockedNow ? factorLockedError(lockedNow) : refusal;
  }
  const tokens = await openSession(deps, user, request.userAgent);
  await recordSuccess(deps, keys);
  await record({ successful: true });
  return tokens;
}

/**
 * The 401 body of a password sign-in whose account has passkeys: a challenge naming them, held
 * 5 minutes for this account. Null when the organisation has no primary domain to verify against.
 */
export async function passkeyChallengeFor(deps: AppDeps, user: UserRow): Promise<PasskeyRequired | null> {
  const rpId = relyingPartyId(await primaryDomain(deps.db, user.organization_id));
  if (rpId === '') return null;
  const passkeys = await findPasskeysOfUser(deps.db, user.id);
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    allowCredentials: passkeys.flatMap((p) => {
      const id = deps.secrets.decrypt(p.credential_id_encrypted);
      return id === null ? [] : [{ id, transports: p.transports }];
    }),
    // The password was the first factor; the passkey only has to be present.
    userVerification: 'preferred',
  });
  const sealed = sealCeremony(deps.secrets, { challenge: options.challenge, rpId, orgId: user.organization_id });
  const stateId = await createLink(deps.db, LinkType.PasskeySecondFactor, user.id, sealed);
  return {
    requirePasskey: true,
    stateId,
    passkeyChallenge: { publicKey: options },
    allowTotpFallback: user.totp_secret !== null,
  };
}

/** The verdict on a passkey answer to the challenge of a password sign-in (the reference's statuses). */
export type SecondFactorVerdict = { ok: true } | { ok: false; status: 403 | 404; code: AuthErrorCode; detail: string };

/** Checks the passkey answer a password sign-in carries; the state is used up only by a valid answer. */
export async function verifyPasskeySecondFactor(
  deps: AppDeps,
  user: UserRow,
  input: { stateId: string; credential: unknown; host: Host | undefined },
): Promise<SecondFactorVerdict> {
  const stateInvalid = (detail: string, status: 403 | 404 = 404): SecondFactorVerdict => ({
    ok: false,
    status,
    code: 'passkey_state_invalid',
    detail,
  });
  return inTransaction(deps, async (tx) => {
    const state = await findLink(tx.db, LinkType.PasskeySecondFactor, input.stateId, { forUpdate: true });
    if (!state) return stateInvalid('Unknown, expired or used passkey challenge');
    if (state.refId !== user.id) return stateInvalid('The challenge was issued to another account', 403);
    const ceremony = openCeremony(deps.secrets, state.payload);
    if (!ceremony) return stateInvalid('The challenge cannot be read');
    const response = readAssertion(input.credential);
    if (!response)
      return { ok: false, status: 404, code: 'passkey_assertion_invalid', detail: 'Not a WebAuthn sign-in answer' };
    const found = await findPasskeyByCredential(tx.db, credentialIdHash(response.id));
    if (!found || found.user.id !== user.id)
      return { ok: false, status: 404, code: 'passkey_assertion_invalid', detail: 'Not a passkey of this account' };
    const origin = input.host ? expectedOrigin(deps.config, ceremony.rpId, input.host) : null;
    const v = await verifyAssertion(tx, {
      response,
      ceremony,
      origin,
      passkey: found.passkey,
      requireUserVerification: false,
    });
    if (!v.ok) return { ok: false, status: 404, code: v.code, detail: v.detail };
    await takeLink(tx.db, state.id);
    return { ok: true };
  });
}
