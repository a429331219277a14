import {
  credentialsSchema,
  loginBody,
  logoutParams,
  preflightBody,
  preflightSchema,
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
});
