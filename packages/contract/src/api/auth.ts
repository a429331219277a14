import { idParams } from '../common.js';
import {
  credentialsSchema,
  loginBody,
  logoutParams,
  newPasswordBody,
  oneTimeLinkSchema,
  passwordResetRequestBody,
  preflightBody,
  preflightSchema,
  providerCallbackQuery,
  providerLoginParams,
  providerLoginQuery,
  providerParams,
  refreshBody,
  samlResponseBody,
  ticketSecondFactorBody,
  updatePasswordBody,
} from '../entities/auth.js';
import { domainNameParams } from '../entities/organization.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode } from '../error-codes.js';
import { routes } from '../routes.js';

export const authApi = endpoints('auth', routes.auth, {
  preflight: {
    summary: 'The organisation of an email address and how its people sign in',
    body: preflightBody,
    response: preflightSchema,
  },
  singleOrg: {
    summary: 'The organisation of a server that hosts exactly one',
    response: preflightSchema,
  },
  orgByDomain: {
    summary: 'The organisation owning an active domain, and how its people sign in',
    params: domainNameParams,
    response: preflightSchema,
  },
  login: {
    summary: 'Sign in with email and password, and a second factor when the account has one',
    description:
      'Answers 401 with an empty body when the account has TOTP and no `code` was sent; 400 for a wrong or ' +
      'replayed code. When the account has passkeys and no assertion was sent, 401 with the JSON body ' +
      '`{requirePasskey: true, stateId, passkeyChallenge, allowTotpFallback}`: sign `passkeyChallenge.publicKey` ' +
      'and send the login again with `passkeyStateId` and `passkeyCredential` (404 when the state is unknown ' +
      'or expired or the assertion fails, 403 when the state belongs to another account), or with a `code` when ' +
      '`allowTotpFallback`. 401 + 5001 when an admin asked for a new password. 429 + 5003 (with `Retry-After`) ' +
      'while the factor sent is locked after too many failures of the account; a locked passkey is then not ' +
      'asked for (401 for a TOTP code instead, or 429 + 5003 when the account has no TOTP).',
    body: loginBody,
    response: credentialsSchema,
    errors: { 401: [ErrorCode.PasswordUpdateRequired], 403: [], 404: [], 429: [ErrorCode.SecondFactorLocked] },
  },
  updatePassword: {
    summary: 'Sign in while setting the new password an admin asked for',
    description:
      'An account with a second factor needs it here as on `POST /auth/login` (the same 401 answers), before ' +
      'the password changes. 400 + 5002 when the new password is the current one.',
    body: updatePasswordBody,
    response: credentialsSchema,
    errors: { 400: [ErrorCode.PasswordSameAsCurrent], 403: [], 404: [], 429: [ErrorCode.SecondFactorLocked] },
  },
  refresh: {
    summary: 'Exchange a refresh token for new credentials (tokens rotate on every use)',
    body: refreshBody,
    response: credentialsSchema,
  },
  logout: {
    summary: 'Sign out the current session, all sessions, or one session by id',
    description: '`where` is `current`, `all` or a session id. Needs a valid access token.',
    params: logoutParams,
  },
  initPasswordReset: {
    summary: 'Mail a password reset link to an account',
    description:
      'Always 204, whether or not the address has an account (no enumeration). A link is mailed only to an ' +
      'account that signs in with a password and has fewer than two open links; an invited account that has ' +
      'not chosen a password yet gets a new invitation instead. Throttled per client address and per account. ' +
      '404 when password sign-in is disabled.',
    body: passwordResetRequestBody,
    errors: { 429: [] },
  },
  passwordResetLink: {
    summary: 'The account a password reset link is for, while the link can be used (Perch addition)',
    description: '404 when the link is unknown, expired or used, or the account can no longer reset its password.',
    params: idParams,
    response: oneTimeLinkSchema,
  },
  resetPassword: {
    summary: 'Set a new password through a reset link',
    description: 'Single use, valid for one hour. Every session of the account ends.',
    params: idParams,
    body: newPasswordBody,
  },
  checkInvitation: {
    summary: 'Whether an invitation link can still be used',
    description: '410 when the account has a password already; 404 when the link is unknown or expired.',
    params: idParams,
    errors: { 410: [] },
  },
  invitationLink: {
    summary: 'The account an invitation link is for, while the link can be used (Perch addition)',
    description: '410 when the account has a password already; 404 when the link is unknown or expired.',
    params: idParams,
    response: oneTimeLinkSchema,
    errors: { 410: [] },
  },
  acceptInvitation: {
    summary: 'Accept an invitation by choosing a password',
    description: 'Valid for 72 hours, single use. Clears any sign-in provider binding.',
    params: idParams,
    body: newPasswordBody,
    errors: { 410: [] },
  },
  providerLogin: {
    summary: "Sign in through a provider: redirects to the provider's sign-in page",
    description:
      'OAuth 2 with PKCE, state and (OpenID) nonce; SAML with a signed-in-place AuthnRequest. The sign-in ' +
      'must finish within five minutes. Unknown provider: 404; a provider that cannot be used (bad set-up, ' +
      'unreadable secret, discovery failing): redirect to `/ui/login/failed/?reason=config`.',
    params: providerLoginParams,
    query: providerLoginQuery,
  },
  providerCallback: {
    summary: 'Where an OAuth 2 provider sends the browser back',
    description:
      'Exchanges the code, reads the user info (and checks the ID token when the provider is OpenID), then ' +
      'redirects to `/ui/login/success/<ticket>/` (the ticket is redeemed with `GET /auth/verify/:id`) or to ' +
      '`/ui/login/failed/?reason=…`. A replayed or expired state fails with reason `expired`.',
    params: providerParams,
    query: providerCallbackQuery,
  },
  samlResponse: {
    summary: 'Where a SAML identity provider posts its response (assertion consumer service)',
    description:
      "The response must be signed with the provider's certificate, name this service as audience and " +
      'answer a request made here in the last five minutes. Then as the OAuth callback: a redirect (303) to ' +
      'the success or failed page.',
    params: providerParams,
    body: samlResponseBody,
  },
  samlMetadata: {
    summary: "Perch's SAML service-provider metadata for a provider (entity ID and assertion consumer URL)",
    params: providerParams,
  },
  verify: {
    summary: 'Exchange the ticket of a provider sign-in for credentials',
    description:
      'The ticket lives five minutes; after its first use it stays valid 30 seconds more, so a repeated ' +
      "request also succeeds, then it is gone. `logoutUrl` is the provider's logout URL. An account with a " +
      'second factor, signed in by a provider that does not check two factors itself or by the team wiki, ' +
      'gets the answers of `POST /auth/login` instead: 401 asks for the factor (send it with ' +
      '`POST /auth/verify/{id}`). 403 when the account may no longer sign in this way.',
    params: idParams,
    response: credentialsSchema,
    errors: { 402: [], 403: [], 429: [ErrorCode.SecondFactorLocked] },
  },
  verifySecondFactor: {
    summary: 'Exchange a ticket for credentials with the second factor its 401 asked for (Perch addition)',
    description:
      'The body carries a TOTP or recovery `code`, or the `passkeyStateId` and `passkeyCredential` answering the ' +
      'passkey challenge of the 401. Wrong codes count toward the sign-in throttle and the factor lock as after a ' +
      'password.',
    params: idParams,
    body: ticketSecondFactorBody,
    response: credentialsSchema,
    errors: { 402: [], 403: [], 404: [], 429: [ErrorCode.SecondFactorLocked] },
  },
});
