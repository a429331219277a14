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
  providerLoginParams,
  providerLoginQuery,
  refreshBody,
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
    summary: 'Sign in with email and password',
    body: loginBody,
    response: credentialsSchema,
    errors: { 401: [ErrorCode.PasswordUpdateRequired], 429: [] },
  },
  updatePassword: {
    summary: 'Sign in while setting the new password an admin asked for',
    body: updatePasswordBody,
    response: credentialsSchema,
    errors: { 429: [] },
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
    summary: "Not available in this version: sign in through a provider (redirects to the provider's page)",
    description: 'Answers 404: there are no sign-in providers.',
    params: providerLoginParams,
    query: providerLoginQuery,
  },
  verify: {
    summary: 'Not available in this version: exchange the ticket of a provider sign-in for credentials',
    description: 'Answers 404: no sign-in tickets exist.',
    params: idParams,
    response: credentialsSchema,
  },
});
