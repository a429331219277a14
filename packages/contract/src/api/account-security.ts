import { z } from 'zod';
import { idParams } from '../common.js';
import {
  apiTokenSchema,
  apiTokenStateSchema,
  passkeyLoginBeginBody,
  passkeyLoginFinishBody,
  passkeyRegistrationFinishBody,
  passkeyRenameBody,
  passkeySchema,
  totpRecoveryCodeCountSchema,
  totpRecoveryCodesSchema,
  totpSecretSchema,
  totpSetupSchema,
  totpValidateBody,
  webAuthnChallengeSchema,
} from '../entities/account-security.js';
import { credentialsSchema } from '../entities/auth.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode } from '../error-codes.js';
import { routes } from '../routes.js';

/**
 * Passkeys and TOTP: the second factors of password accounts, plus
 * Perch's TOTP recovery codes. Accounts bound to a sign-in provider have neither.
 */

export const passkeyApi = endpoints('passkeys', routes.passkey, {
  list: {
    summary: "The signed-in user's passkeys, oldest first",
    response: z.array(passkeySchema),
  },
  registrationBegin: {
    summary: 'Start registering a passkey',
    description:
      '`challenge.publicKey` holds the WebAuthn creation options (resident key and user verification required, ' +
      'existing passkeys excluded). 403 when the account has no password, is bound to a sign-in provider, has ' +
      "MAX_PASSKEYS_PER_USER passkeys already, or the request's host is not the organisation's primary domain " +
      '(the relying party). The state lives 5 minutes.',
    response: webAuthnChallengeSchema,
  },
  registrationFinish: {
    summary: "Finish registering a passkey with the authenticator's answer",
    description:
      '404 when the state is unknown, expired or of another kind; 403 when it was started by another user; 400 ' +
      'when the credential does not verify or the name is not allowed.',
    body: passkeyRegistrationFinishBody,
    response: passkeySchema.omit({ lastUsedAt: true }),
  },
  rename: {
    summary: 'Rename one of your passkeys',
    description: "404 for an unknown passkey, 403 for another user's.",
    params: idParams,
    body: passkeyRenameBody,
  },
  delete: {
    summary: 'Remove one of your passkeys',
    description:
      "404 for an unknown passkey, 403 for another user's, and 403 for the last one when the organisation " +
      'requires a second factor of the user (`enforce_totp`) and TOTP is off.',
    params: idParams,
  },
  resetForUser: {
    summary: 'Remove every passkey of a user of the organisation (org admins)',
    description: 'Idempotent: 204 also when the user has none.',
    params: idParams,
  },
  loginBegin: {
    summary: 'Start signing in with a passkey (no email needed)',
    description:
      '`challenge.publicKey` holds the WebAuthn request options for a discoverable credential. 404 for an ' +
      'unknown organisation. The state lives 5 minutes.',
    body: passkeyLoginBeginBody,
    response: webAuthnChallengeSchema,
  },
  loginFinish: {
    summary: 'Finish signing in with a passkey',
    description:
      '404 for an unknown, expired or used state, a credential that does not verify, a cloned authenticator, or ' +
      'an account that cannot sign in; 400 for an assertion that cannot be read; 429 while throttled, and 429 + ' +
      "5003 while the account's passkeys are locked after too many failures. Works with DISABLE_PASSWORD_LOGIN " +
      'too. Answers take at least 100 ms.',
    body: passkeyLoginFinishBody,
    response: credentialsSchema,
    errors: { 429: [ErrorCode.SecondFactorLocked] },
  },
});

export const totpApi = endpoints('two-factor codes', routes.totp, {
  generate: {
    summary: 'A new TOTP secret as a QR code (base64 PNG, 256×256), to set up two-factor sign-in',
    description:
      'Issuer "Perch for <organisation name>", account = email; SHA-1, 6 digits, 30 s. Confirm with ' +
      '`POST /user/totp/validate` within 5 minutes.',
    response: totpSetupSchema,
  },
  secret: {
    summary: 'The secret of a TOTP setup as text (base32), for typing into an app',
    description: '404 when the setup is unknown, expired or not yours; 429 after 5 reads.',
    params: idParams,
    response: totpSecretSchema,
    errors: { 429: [] },
  },
  validate: {
    summary: 'Turn two-factor sign-in on with a first code from the app',
    description:
      '400 for a wrong code; 404 for an unknown, expired or foreign setup; 429 after 5 wrong codes (the setup ' +
      'then ends). Recovery codes are made with `POST /user/totp/recovery-codes`.',
    body: totpValidateBody,
    errors: { 429: [] },
  },
  disable: {
    summary: "Turn the signed-in user's two-factor sign-in off (recovery codes go with it)",
    description: '403 when the organisation requires a second factor of the user (`enforce_totp`).',
  },
  resetForUser: {
    summary: "Turn a user's two-factor sign-in off, recovery codes included (org admins)",
    description: 'Idempotent: 204 also when it was off.',
    params: idParams,
  },
  recoveryCodeCount: {
    summary: 'How many unused TOTP recovery codes the signed-in user has left (Perch addition)',
    description: '`{remaining: 0}` when TOTP is off.',
    response: totpRecoveryCodeCountSchema,
  },
  newRecoveryCodes: {
    summary: 'Make a new set of TOTP recovery codes, shown once (Perch addition)',
    description:
      'Replaces the previous set. Each code signs in once, in the `code` field of `POST /auth/login`. 403 when ' +
      'TOTP is off.',
    response: totpRecoveryCodesSchema,
  },
});

export const apiTokenApi = endpoints('API tokens', routes.apiToken, {
  get: {
    summary: 'Whether a service account has an API token, and when it was made and last used (org admins)',
    description:
      '`createdAt` and `lastUsedAt` (RFC 3339, null when unknown or never) are Perch additions; the last use is ' +
      'recorded at most once a minute. 400 for a user who is no service account (roles 21/22), 404 for an ' +
      'unknown user or one of another organisation (super admins reach every organisation).',
    params: idParams,
    response: apiTokenStateSchema,
  },
  create: {
    summary: 'A new API token for a service account, shown once (org admins)',
    description:
      '64 hex characters; only its SHA-256 is kept. Replaces the previous token, which stops working at once. ' +
      'Send it as `Authorization: Bearer <token>`. Checks as `GET`.',
    params: idParams,
    response: apiTokenSchema,
  },
  delete: {
    summary: "Revoke a service account's API token (org admins)",
    description: 'Idempotent: 204 also when there is none. Checks as `GET`.',
    params: idParams,
  },
});
