import { z } from 'zod';

/**
 * Second factors and machine access: passkeys (WebAuthn), TOTP and the API tokens of service
 * accounts (reference §2.5, §13). Not available in this version; the routes answer as the
 * reference does with nothing set up.
 */

/** A passkey's name: 1–255 characters, none of `< > & " '` or NUL. */
export const passkeyNameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => !/[<>&"'\0]/.test(v), 'name may not contain < > & " \' or NUL');

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** A WebAuthn credential as the browser serialises it (`PublicKeyCredential.toJSON()`). */
export const webAuthnCredentialSchema = z.looseObject({
  id: z.string().max(2048),
  type: z.literal('public-key'),
  response: z.looseObject({}),
});

/** The start of a WebAuthn ceremony: the state to finish it with and the options for the browser. */
export const webAuthnChallengeSchema = z.object({
  stateId: z.string(),
  challenge: z.looseObject({}),
});
export type WebAuthnChallenge = z.infer<typeof webAuthnChallengeSchema>;

export const passkeyRegistrationFinishBody = z.object({
  stateId: z.uuid(),
  name: passkeyNameSchema,
  credential: webAuthnCredentialSchema,
});
export const passkeyRenameBody = z.object({ name: passkeyNameSchema });
export const passkeyLoginBeginBody = z.object({ organizationId: z.uuid() });
export const passkeyLoginFinishBody = z.object({ stateId: z.uuid(), credential: webAuthnCredentialSchema });

/** `GET /user/totp/generate`: a QR code (base64 PNG) of a new secret and the state to confirm it with. */
export const totpSetupSchema = z.object({ image: z.string(), stateId: z.string() });
export const totpSecretSchema = z.object({ secret: z.string() });
export const totpValidateBody = z.object({ stateId: z.uuid(), code: z.string().regex(/^\d{6}$/) });

/** Whether a service account has an API token (the token itself is shown once, when made). */
export const apiTokenStateSchema = z.object({ configured: z.boolean() });
export const apiTokenSchema = z.object({ token: z.string() });
