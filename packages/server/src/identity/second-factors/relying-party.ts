import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { RequestInfo } from '../../http/route.js';
import type { SecretBox } from '../../lib/secret-box.js';

/**
 * The WebAuthn relying party of an organisation and what its ceremonies carry between the two
 * requests: the RP id (the primary domain), the origin a browser on the request's host writes
 * into its answers, the sealed challenge, and the browser's JSON read into the library's types.
 */

/** The RP id: the organisation's primary domain without a port; '' when it has none. */
export const relyingPartyId = (primaryDomain: string): string =>
  primaryDomain.trim().toLowerCase().replace(/:\d+$/, '');

/**
 * The origin a browser that loaded the app from this request's host puts into its answers, or
 * null when the host is not the RP id: a passkey is bound to the primary domain, and an answer
 * from elsewhere could only be a phishing page's. The scheme is PUBLIC_URL's when set (a TLS
 * proxy in front), else the request's; the port is the one the browser sent in `Host`.
 */
export function expectedOrigin(
  config: Pick<Config, 'PUBLIC_URL'>,
  rpId: string,
  request: Pick<RequestInfo, 'host' | 'authority' | 'protocol'>,
): string | null {
  if (rpId === '' || request.host !== rpId) return null;
  const scheme = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).protocol.replace(/:$/, '') : request.protocol;
  return `${scheme}://${request.authority}`;
}

/** How a passkey is found at sign-in: the SHA-256 (hex) of the base64url credential id, padding removed. */
export const credentialIdHash = (credentialId: string): string =>
  createHash('sha256').update(credentialId.replace(/=+$/, '')).digest('hex');

/** The WebAuthn user handle of an account: its id's bytes (what the reference stores too). */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(userId);

const ceremonySchema = z.object({
  challenge: z.string().min(1),
  rpId: z.string(),
  /** The organisation of a sign-in without an email. */
  orgId: z.string().optional(),
});
/** What the second request of a ceremony needs from the first, stored encrypted in the one-time state. */
export type Ceremony = z.infer<typeof ceremonySchema>;

export const sealCeremony = (secrets: SecretBox, c: Ceremony): { sealed: string } => ({
  sealed: secrets.encrypt(JSON.stringify(c)),
});

/** The ceremony of a state's payload; null when it cannot be read (tampered, or another CRYPT_KEY). */
export function openCeremony(secrets: SecretBox, payload: unknown): Ceremony | null {
  const sealed = (payload as { sealed?: unknown } | null)?.sealed;
  if (typeof sealed !== 'string') return null;
  const plain = secrets.decrypt(sealed);
  if (plain === null) return null;
  try {
    const parsed = ceremonySchema.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const base64url = z
  .string()
  .max(65_536)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

const assertionSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.nullish(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
  clientExtensionResults: z.looseObject({}).nullish(),
});

const attestationSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(16).nullish(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
  clientExtensionResults: z.looseObject({}).nullish(),
});

/** A sign-in answer as the browser serialised it; null when it is not one. */
export function readAssertion(json: unknown): AuthenticationResponseJSON | null {
  const r = assertionSchema.safeParse(json);
  if (!r.success) return null;
  const { response: res, authenticatorAttachment, ...rest } = r.data;
  return {
    ...rest,
    response: {
      clientDataJSON: res.clientDataJSON,
      authenticatorData: res.authenticatorData,
      signature: res.signature,
      ...(res.userHandle ? { userHandle: res.userHandle } : {}),
    },
    ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
    clientExtensionResults: rest.clientExtensionResults ?? {},
  };
}

/** A registration answer as the browser serialised it; null when it is not one. */
export function readAttestation(json: unknown): RegistrationResponseJSON | null {
  const r = attestationSchema.safeParse(json);
  if (!r.success) return null;
  const { response: res, authenticatorAttachment, ...rest } = r.data;
  return {
    ...rest,
    response: {
      clientDataJSON: res.clientDataJSON,
      attestationObject: res.attestationObject,
      ...(res.transports ? { transports: res.transports } : {}),
    },
    ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
    clientExtensionResults: rest.clientExtensionResults ?? {},
  };
}
