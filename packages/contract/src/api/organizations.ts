import { z } from 'zod';
import { idParams } from '../common.js';
import {
  domainNameParams,
  domainParams,
  domainReachabilitySchema,
  domainSchema,
  organizationDeleteResponse,
  organizationDeletionConfirmBody,
  organizationEmailVerifyBody,
  organizationEmailVerifyParams,
  organizationSaveBody,
  organizationSchema,
  organizationUpdateResponse,
} from '../entities/organization.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

export const organizationApi = endpoints('organizations', routes.organization, {
  list: { summary: 'Every organisation (super admins)', response: z.array(organizationSchema) },
  create: { summary: 'Create an organisation (super admins)', body: organizationSaveBody },
  byDomain: {
    summary: 'The organisation owning an active domain (name only)',
    params: domainNameParams,
    response: organizationSchema,
  },
  get: { summary: 'One organisation (its org admins, super admins)', params: idParams, response: organizationSchema },
  update: {
    summary: 'Change an organisation (its org admins, super admins)',
    description:
      'Name, contact names and language change at once. A new contact email set by an org admin waits for ' +
      'the six-digit code mailed to it (`verifyUuid` names the pending change); super admins change it directly.',
    params: idParams,
    body: organizationSaveBody,
    response: organizationUpdateResponse,
  },
  delete: {
    summary: 'Ask to delete an organisation with all its data',
    description:
      'Nothing is deleted yet: a confirmation link is mailed to the caller and the answer carries the code ' +
      'that the page behind the link asks for. Valid for one hour. Org admins need ALLOW_ORG_DELETE.',
    params: idParams,
    response: organizationDeleteResponse,
  },
  domains: { summary: "An organisation's domains", params: idParams, response: z.array(domainSchema) },
  addDomain: {
    summary: 'Add a domain (active at once for super admins, else after DNS verification)',
    params: domainParams,
    errors: { 409: [] },
  },
  removeDomain: { summary: 'Remove a domain (an organisation keeps at least one)', params: domainParams },
  setPrimaryDomain: { summary: 'Make an active domain the primary one', params: domainParams },
  verifyDomain: {
    summary: 'Activate a domain whose DNS carries its verification TXT record',
    description: '204 when activated; an empty 200 when the domain was already active.',
    params: domainParams,
    errors: { 409: [] },
  },
  domainReachability: {
    summary: 'Answers for an active domain: the reachability probe calls it on the domain itself',
    params: domainNameParams,
    response: domainReachabilitySchema,
  },
  verifyEmail: {
    summary: "Confirm an organisation's new contact email with the code mailed to it",
    params: organizationEmailVerifyParams,
    body: organizationEmailVerifyBody,
  },
  confirmDeletion: {
    summary: 'Delete an organisation: the link of the confirmation mail and the code shown to the admin',
    description: 'Everything of the organisation is removed; its people can no longer sign in.',
    params: idParams,
    body: organizationDeletionConfirmBody,
  },
});
