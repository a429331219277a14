import { z } from 'zod';
import { idParams } from '../common.js';
import {
  domainNameParams,
  domainParams,
  domainSchema,
  organizationDeleteResponse,
  organizationDeletionConfirmBody,
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
    params: idParams,
    body: organizationSaveBody,
    response: organizationUpdateResponse,
  },
  delete: {
    summary: 'Delete an organisation with all its data',
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
  confirmDeletion: {
    summary: 'Not available in this version: confirm the deletion of an organisation with the code of the mail',
    description: 'Answers 404: `DELETE /organization/{id}` deletes at once and mails no confirmation link.',
    params: idParams,
    body: organizationDeletionConfirmBody,
  },
});
