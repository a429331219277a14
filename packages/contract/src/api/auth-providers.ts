import { z } from 'zod';
import { idParams } from '../common.js';
import {
  authProviderCreateBody,
  authProviderOrgParams,
  authProviderSaveBody,
  authProviderSchema,
  authProviderStubSchema,
} from '../entities/auth.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode } from '../error-codes.js';
import { routes } from '../routes.js';

/** Sign-in providers (OAuth 2): not available in this version; there are none (arrives with company sign-in). */
export const authProviderApi = endpoints('sign-in providers', routes.authProvider, {
  list: {
    summary: "Not available in this version: the organisation's sign-in providers (org admins)",
    description: 'Answers `[]`: there are no sign-in providers.',
    response: z.array(authProviderSchema),
  },
  create: {
    summary: 'Not available in this version: add a sign-in provider (org admins)',
    description: 'Answers 402 after checking the body and the role, as the reference does with the feature off.',
    body: authProviderCreateBody,
    errors: { 402: [], 409: [ErrorCode.AuthProviderAlreadyExists] },
  },
  byOrganization: {
    summary: "Not available in this version: an organisation's sign-in providers for the sign-in page",
    description: 'Answers `[]` for an existing organisation.',
    params: authProviderOrgParams,
    response: z.array(authProviderStubSchema),
  },
  get: {
    summary: 'Not available in this version: one sign-in provider (org admins)',
    description: 'Answers 404: there are no sign-in providers.',
    params: idParams,
    response: authProviderSchema,
  },
  update: {
    summary: 'Not available in this version: change a sign-in provider (org admins)',
    description: 'Answers 404 after checking the body: there are no sign-in providers.',
    params: idParams,
    body: authProviderSaveBody,
  },
  delete: {
    summary: 'Not available in this version: remove a sign-in provider (org admins)',
    description: 'Answers 404: there are no sign-in providers.',
    params: idParams,
  },
});
