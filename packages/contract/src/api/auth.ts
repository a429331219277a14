import { idParams } from '../common.js';
import {
  credentialsSchema,
  loginBody,
  logoutParams,
  newPasswordBody,
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
    summary: 'Not available in this version: mail a password reset link to an account',
    description: 'Answers 404, as the reference does when password reset is off: no mail is sent.',
    body: passwordResetRequestBody,
  },
  resetPassword: {
    summary: 'Not available in this version: set a new password through a reset link',
    description: 'Answers 404: no reset link exists.',
    params: idParams,
    body: newPasswordBody,
  },
  checkInvitation: {
    summary: 'Not available in this version: whether an invitation link can still be used',
    description: 'Answers 404: no invitation link exists.',
    params: idParams,
    errors: { 410: [] },
  },
  acceptInvitation: {
    summary: 'Not available in this version: accept an invitation by choosing a password',
    description: 'Answers 404: no invitation link exists.',
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
