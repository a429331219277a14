import { z } from 'zod';
import { idParams } from '../common.js';
import {
  authProviderCreateBody,
  authProviderOrgParams,
  authProviderSaveBody,
  authProviderSchema,
  authProviderStubSchema,
  providerLinkStartSchema,
  providerTestParams,
  providerTestResultSchema,
} from '../entities/auth.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode } from '../error-codes.js';
import { routes } from '../routes.js';

/** Sign-in providers of an organisation: OAuth 2 / OpenID Connect and SAML 2.0. */
export const authProviderApi = endpoints('sign-in providers', routes.authProvider, {
  list: {
    summary: "The organisation's sign-in providers, by name (org admins)",
    description: 'Client secrets are never returned (`clientSecret` is "").',
    response: z.array(authProviderSchema),
  },
  create: {
    summary: 'Add a sign-in provider (org admins)',
    description:
      'OAuth 2 needs scopes, a client ID and secret, and the token and user-info URLs unless an OpenID ' +
      'issuer is given (its discovery document supplies them). SAML needs the single sign-on URL and the ' +
      "identity provider's certificate. The client secret is stored encrypted.",
    body: authProviderCreateBody,
    errors: { 409: [ErrorCode.AuthProviderAlreadyExists] },
  },
  byOrganization: {
    summary: "An organisation's sign-in providers for the sign-in page (public)",
    params: authProviderOrgParams,
    response: z.array(authProviderStubSchema),
  },
  get: {
    summary: 'One sign-in provider (org admins)',
    params: idParams,
    response: authProviderSchema,
  },
  update: {
    summary: 'Change a sign-in provider (org admins)',
    description: 'An empty `clientSecret` keeps the stored one.',
    params: idParams,
    body: authProviderSaveBody,
    errors: { 409: [ErrorCode.AuthProviderAlreadyExists] },
  },
  delete: {
    summary: 'Remove a sign-in provider (org admins)',
    description: '400 while users are bound to it: move them to another sign-in method first.',
    params: idParams,
  },
  link: {
    summary: 'Start linking the signed-in account to a sign-in provider (Perch addition)',
    description:
      "Answers the address of the provider's sign-in page. After signing in there with the same email, the " +
      'account signs in through the provider from then on (its password stops working). Accounts with a ' +
      'password are never linked to a provider by a sign-in alone. 403 for super admins, service accounts and ' +
      'roles above the role of the admin who set the provider up.',
    params: idParams,
    response: providerLinkStartSchema,
  },
  testResult: {
    summary: 'What a test sign-in through the provider brought back (org admins, Perch addition)',
    description:
      'After `GET /auth/:providerId/login/test/`, the provider returns to ' +
      '`/ui/admin/auth-providers/:id/test/:stateId/`; this answers what it sent and whether that person ' +
      'could sign in. Nobody is signed in or created by a test. The result is kept for five minutes.',
    params: providerTestParams,
    response: providerTestResultSchema,
  },
});
