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
  totpSecretSchema,
  totpSetupSchema,
  totpValidateBody,
  webAuthnChallengeSchema,
} from '../entities/account-security.js';
import { credentialsSchema } from '../entities/auth.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

/**
 * Passkeys, TOTP and API tokens: not available in this version (arrives with company sign-in). Nobody has a
 * second factor or a token; the routes answer as the reference does in that state.
 */

export const passkeyApi = endpoints('passkeys', routes.passkey, {
  list: {
    summary: "Not available in this version: the signed-in user's passkeys",
    description: 'Answers `[]`: nobody has a passkey.',
    response: z.array(passkeySchema),
  },
  registrationBegin: {
    summary: 'Not available in this version: start registering a passkey',
    description: 'Answers 403, as the reference does when the user may not register one.',
    response: webAuthnChallengeSchema,
  },
  registrationFinish: {
    summary: 'Not available in this version: finish registering a passkey',
    description: 'Answers 404 after checking the body: no registration was started.',
    body: passkeyRegistrationFinishBody,
    response: passkeySchema.omit({ lastUsedAt: true }),
  },
  rename: {
    summary: 'Not available in this version: rename one of your passkeys',
    description: 'Answers 404 after checking the body: nobody has a passkey.',
    params: idParams,
    body: passkeyRenameBody,
  },
  delete: {
    summary: 'Not available in this version: remove one of your passkeys',
    description: 'Answers 404: nobody has a passkey.',
    params: idParams,
  },
  resetForUser: {
    summary: 'Not available in this version: remove every passkey of a user of the organisation (org admins)',
    description: 'Answers 204: the user has none afterwards (idempotent).',
    params: idParams,
  },
  loginBegin: {
    summary: 'Not available in this version: start signing in with a passkey',
    description: 'Answers 404 after checking the body.',
    body: passkeyLoginBeginBody,
    response: webAuthnChallengeSchema,
  },
  loginFinish: {
    summary: 'Not available in this version: finish signing in with a passkey',
    description: 'Answers 404 after checking the body: no sign-in was started.',
    body: passkeyLoginFinishBody,
    response: credentialsSchema,
  },
});

export const totpApi = endpoints('two-factor codes', routes.totp, {
  generate: {
    summary: 'Not available in this version: a new TOTP secret as a QR code, to set up two-factor sign-in',
    description: 'Answers 404.',
    response: totpSetupSchema,
  },
  secret: {
    summary: 'Not available in this version: the secret of a TOTP setup as text',
    description: 'Answers 404: no setup was started.',
    params: idParams,
    response: totpSecretSchema,
    errors: { 429: [] },
  },
  validate: {
    summary: 'Not available in this version: turn two-factor sign-in on with a first code',
    description: 'Answers 404 after checking the body: no setup was started.',
    body: totpValidateBody,
    errors: { 429: [] },
  },
  disable: {
    summary: "Not available in this version: turn the signed-in user's two-factor sign-in off",
    description:
      'Answers 204 (it is off afterwards), or 403 when the organisation requires a second factor of the user (`enforce_totp`).',
  },
  resetForUser: {
    summary: "Not available in this version: turn a user's two-factor sign-in off (org admins)",
    description: 'Answers 204: it is off afterwards (idempotent).',
    params: idParams,
  },
});

export const apiTokenApi = endpoints('API tokens', routes.apiToken, {
  get: {
    summary: 'Not available in this version: whether a service account has an API token (org admins)',
    description: 'Answers `{configured: false}` for a service account, 400 for another user.',
    params: idParams,
    response: apiTokenStateSchema,
  },
  create: {
    summary: 'Not available in this version: a new API token for a service account, shown once (org admins)',
    description: 'Answers 404 after the checks of `GET`.',
    params: idParams,
    response: apiTokenSchema,
  },
  delete: {
    summary: "Not available in this version: revoke a service account's API token (org admins)",
    description: 'Answers 204: it has none afterwards (idempotent).',
    params: idParams,
  },
});
