import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { MessageKey } from '../../i18n';

/**
 * The browser side of passkey ceremonies. The server hands out `{publicKey: <options as JSON>}`
 * which @simplewebauthn/browser turns into a `navigator.credentials` call.
 */

/** A ceremony the browser or the person did not complete, sorted by what the screen should say. */
export type CeremonyFailure =
  /** The person closed the prompt, it timed out, or another ceremony replaced it. */
  | 'cancelled'
  /** This browser has no WebAuthn. */
  | 'unsupported'
  /** The authenticator already holds a passkey for this account (registration only). */
  | 'alreadyRegistered'
  /** The page is not on the relying party's domain (an IP address, another host name). */
  | 'wrongDomain'
  | 'failed';

export class CeremonyError extends Error {
  constructor(
    readonly failure: CeremonyFailure,
    readonly cause: unknown,
  ) {
    super(`passkey ceremony failed: ${failure}`);
    this.name = 'CeremonyError';
  }
}

export function passkeysSupported(): boolean {
  try {
    return browserSupportsWebAuthn();
  } catch {
    return false;
  }
}

function failureOf(error: unknown): CeremonyFailure {
  if (!passkeysSupported()) return 'unsupported';
  const cause = error instanceof WebAuthnError ? (error.cause as Error | undefined) : error;
  const code = error instanceof WebAuthnError ? error.code : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'alreadyRegistered';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return 'wrongDomain';
  if (code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  const name = cause instanceof Error || cause instanceof DOMException ? cause.name : '';
  // Browsers report a closed prompt and a time-out alike, on purpose (no account probing).
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'SecurityError') return 'wrongDomain';
  if (name === 'InvalidStateError') return 'alreadyRegistered';
  return 'failed';
}

/** The options object inside the server's `challenge` (`{publicKey: …}`). */
function publicKeyOf<T>(challenge: Record<string, unknown>): T {
  const inner = challenge.publicKey;
  return (typeof inner === 'object' && inner !== null ? inner : challenge) as T;
}

/** Asks an authenticator to create a passkey; throws a `CeremonyError` when it does not. */
export async function createPasskey(challenge: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  try {
    return await startRegistration({ optionsJSON: publicKeyOf<PublicKeyCredentialCreationOptionsJSON>(challenge) });
  } catch (e) {
    throw new CeremonyError(failureOf(e), e);
  }
}

/** Asks an authenticator to sign the challenge with a passkey; throws a `CeremonyError` when it does not. */
export async function signWithPasskey(challenge: Record<string, unknown>): Promise<AuthenticationResponseJSON> {
  try {
    return await startAuthentication({ optionsJSON: publicKeyOf<PublicKeyCredentialRequestOptionsJSON>(challenge) });
  } catch (e) {
    throw new CeremonyError(failureOf(e), e);
  }
}

/** Closes the browser's passkey prompt, when the person chose another way. */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** What to say about a ceremony that did not complete. */
export const CEREMONY_MESSAGES: Record<CeremonyFailure, MessageKey> = {
  cancelled: 'passkeyCancelled',
  unsupported: 'passkeyUnsupported',
  alreadyRegistered: 'passkeyAlreadyRegistered',
  wrongDomain: 'passkeyWrongDomain',
  failed: 'passkeyCeremonyFailed',
};

/** The assertion or attestation as the contract's `credential` field takes it. */
export function credentialBody(
  credential: AuthenticationResponseJSON | RegistrationResponseJSON,
): { id: string; type: 'public-key'; response: Record<string, unknown> } & Record<string, unknown> {
  return { ...credential, type: 'public-key', response: { ...credential.response } };
}
