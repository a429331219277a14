import { z } from 'zod';

/**
 * Second factors and machine access: passkeys (WebAuthn), TOTP with Perch's recovery codes, and
 * the API tokens of service accounts.
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

/**
 * The start of a WebAuthn ceremony: the state to finish it with and the options for the browser,
 * as `challenge.publicKey` (creation options for a registration, request options for a sign-in;
 * the JSON form `PublicKeyCredential.parseCreationOptionsFromJSON` and @simplewebauthn/browser take).
 */
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
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpSecretSchema = z.object({ secret: z.string() });
export const totpValidateBody = z.object({ stateId: z.uuid(), code: z.string().regex(/^\d{6}$/) });

/** How many recovery codes a user gets at a time (Perch addition). */
export const TOTP_RECOVERY_CODE_COUNT = 10;
/**
 * `POST /user/totp/recovery-codes` (Perch addition): a fresh set of single-use recovery codes,
 * shown once; the previous set stops working. A code goes in the sign-in form's `code` field
 * instead of a TOTP code, e.g. "7KQ2-M9XD-4TRA" (dashes and case do not matter).
 */
export const totpRecoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type TotpRecoveryCodes = z.infer<typeof totpRecoveryCodesSchema>;
/** `GET /user/totp/recovery-codes` (Perch addition): how many unused recovery codes are left. */
export const totpRecoveryCodeCountSchema = z.object({ remaining: z.number().int() });
export type TotpRecoveryCodeCount = z.infer<typeof totpRecoveryCodeCountSchema>;

/**
 * The JSON body of the 401 `POST /auth/login` answers when the account has passkeys and the
 * request carried no assertion: sign the challenge (`passkeyChallenge.publicKey`, WebAuthn request
 * options), then send the login again with `passkeyStateId` = `stateId` and `passkeyCredential`.
 * `allowTotpFallback`: the account also has TOTP, so a `code` may be sent instead.
 */
export const passkeyRequiredSchema = z.object({
  requirePasskey: z.literal(true),
  stateId: z.string(),
  passkeyChallenge: z.looseObject({}),
  allowTotpFallback: z.boolean(),
});
export type PasskeyRequired = z.infer<typeof passkeyRequiredSchema>;

/**
 * Whether a service account has an API token (the token itself is shown once, when made), and
 * when it was made and last used (Perch additions; RFC 3339, null when unknown or never).
 */
export const apiTokenStateSchema = z.object({
  configured: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenState = z.infer<typeof apiTokenStateSchema>;
/** A new API token: 64 hex characters, for `Authorization: Bearer <token>`. */
export const apiTokenSchema = z.object({ token: z.string() });
export type ApiToken = z.infer<typeof apiTokenSchema>;
