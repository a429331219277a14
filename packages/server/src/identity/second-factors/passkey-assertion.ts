import type { AuthErrorCode } from '@perch/contract';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppDeps } from '../../context.js';
import type { Ceremony } from './relying-party.js';
import { recordPasskeyUse, type PasskeyRow } from './repo.js';

/**
 * Checks a sign-in answer (an assertion) against the passkey it names: challenge, origin, RP id,
 * signature, user verification, user handle, and the signature counter, which must move forward
 * unless the authenticator keeps none (a counter that goes back means a cloned authenticator).
 * Used by the passkey sign-in and by the passkey as a second factor.
 */

export type AssertionVerdict =
  | { ok: true }
  | {
      ok: false;
      code: Extract<AuthErrorCode, 'passkey_assertion_invalid' | 'passkey_clone_detected'>;
      /** Why, for the sign-in log (never a secret). */
      detail: string;
    };

const invalid = (detail: string): AssertionVerdict => ({ ok: false, code: 'passkey_assertion_invalid', detail });

export async function verifyAssertion(
  deps: AppDeps,
  a: {
    response: AuthenticationResponseJSON;
    ceremony: Ceremony;
    /** The origin the request's host allows (relying-party.ts); null: not the primary domain. */
    origin: string | null;
    passkey: PasskeyRow;
    requireUserVerification: boolean;
  },
): Promise<AssertionVerdict> {
  if (a.origin === null) return invalid("The request's host is not the organisation's primary domain");
  const credentialId = deps.secrets.decrypt(a.passkey.credential_id_encrypted);
  const publicKey = deps.secrets.decrypt(a.passkey.public_key_encrypted);
  if (credentialId === null || publicKey === null) return invalid('The stored passkey cannot be decrypted');
  const handle = a.response.response.userHandle;
  if (handle && isoBase64URL.toUTF8String(handle) !== a.passkey.user_id)
    return invalid('The user handle does not belong to the passkey');
  let newCounter: number;
  let backedUp: boolean;
  try {
    const result = await verifyAuthenticationResponse({
      response: a.response,
      expectedChallenge: a.ceremony.challenge,
      expectedOrigin: a.origin,
      expectedRPID: a.ceremony.rpId,
      // Counter 0 turns the library's own counter check off: a clone must be told apart from a
      // bad signature (its own log code), and the stored counter moves in one conditional UPDATE.
      credential: { id: credentialId, publicKey: isoBase64URL.toBuffer(publicKey), counter: 0 },
      requireUserVerification: a.requireUserVerification,
    });
    if (!result.verified) return invalid('The signature does not verify');
    newCounter = result.authenticationInfo.newCounter;
    backedUp = result.authenticationInfo.credentialBackedUp;
  } catch (e) {
    return invalid(e instanceof Error ? e.message : 'The answer cannot be verified');
  }
  const stored = a.passkey.sign_count;
  if (stored > 0 && newCounter <= stored)
    return { ok: false, code: 'passkey_clone_detected', detail: `Counter ${newCounter} after ${stored}` };
  // A second server taking the same answer at the same time loses here.
  if (!(await recordPasskeyUse(deps.db, a.passkey.id, { signCount: newCounter, backedUp })))
    return { ok: false, code: 'passkey_clone_detected', detail: `Counter ${newCounter} was used already` };
  return { ok: true };
}
