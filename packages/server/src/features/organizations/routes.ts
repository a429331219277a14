import { promises as dns } from 'node:dns';
import {
  domainParams,
  domainSchema,
  idParams,
  organizationDeleteResponse,
  organizationSaveBody,
  organizationSchema,
  organizationUpdateResponse,
  Role,
} from '@perch/contract';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { isSuperAdmin, requireOrgRole, requireRole } from '../../http/permissions.js';
import { addDomain, deleteDomain, setPrimaryDomain, verifyDomain } from './domains.js';
import { presentDomain, presentOrganization, presentOrganizationStub } from './presenter.js';
import {
  deleteOrganization,
  findOrganization,
  findOrganizationByActiveDomain,
  insertOrganization,
  listDomains,
  listOrganizations,
  updateOrganization,
} from './repo.js';

const tags = ['organizations'];

export async function organizationRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  /** Loads the organisation named in the path after checking the caller's rights on it. */
  async function targetOrg(req: Parameters<typeof requireOrgRole>[0], rawId: string, minRole: number) {
    const id = pathId(rawId);
    const auth = requireOrgRole(req, id, minRole);
    const org = await findOrganization(db, id);
    if (!org) throw notFound('Unknown organisation');
    return { auth, org };
  }

  app.get('/organization/', { schema: { tags, response: { 200: z.array(organizationSchema) } } }, async (req) => {
    requireRole(req, Role.SuperAdmin);
    return (await listOrganizations(db)).map(presentOrganization);
  });

  app.post('/organization/', { schema: { tags, body: organizationSaveBody } }, async (req, reply) => {
    requireRole(req, Role.SuperAdmin);
    const org = await db.transaction().execute((trx) => insertOrganization(trx, req.body));
    return reply.code(201).header('x-object-id', org.id).send();
  });

  app.get(
    '/organization/domain/:domain',
    {
      config: { public: true },
      schema: { tags, params: z.object({ domain: z.string().max(300) }), response: { 200: organizationSchema } },
    },
    async (req) => {
      const org = await findOrganizationByActiveDomain(db, req.params.domain);
      if (!org) throw notFound('Unknown domain');
      return presentOrganizationStub(org);
    },
  );

  app.get(
    '/organization/:id',
    { schema: { tags, params: idParams, response: { 200: organizationSchema } } },
    async (req) => {
      const { org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
      return presentOrganization(org);
    },
  );

  app.put(
    '/organization/:id',
    { schema: { tags, params: idParams, body: organizationSaveBody, response: { 200: organizationUpdateResponse } } },
    async (req) => {
      const { org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
      await updateOrganization(db, org.id, req.body);
      return { verifyUuid: '' };
    },
  );

  app.delete(
    '/organization/:id',
    { schema: { tags, params: idParams, response: { 200: organizationDeleteResponse } } },
    async (req) => {
      const { auth, org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
      if (!isSuperAdmin(auth) && !app.deps.config.ALLOW_ORG_DELETE)
        throw forbidden('Deleting organisations is disabled');
      if (org.id === auth.orgId && isSuperAdmin(auth)) throw forbidden('You cannot delete your own organisation');
      await deleteOrganization(db, org.id);
      return { code: '' };
    },
  );

  app.get(
    '/organization/:id/domain/',
    { schema: { tags, params: idParams, response: { 200: z.array(domainSchema) } } },
    async (req) => {
      const { org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
      return (await listDomains(db, org.id)).map(presentDomain);
    },
  );

  app.post('/organization/:id/domain/:domain', { schema: { tags, params: domainParams } }, async (req, reply) => {
    const { auth, org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
    const domain = await addDomain(app.deps, auth, org.id, req.params.domain);
    return reply.code(201).header('x-object-id', domain).send();
  });

  app.delete('/organization/:id/domain/:domain', { schema: { tags, params: domainParams } }, async (req, reply) => {
    const { org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
    await deleteDomain(app.deps, org.id, req.params.domain);
    return reply.code(204).send();
  });

  app.post(
    '/organization/:id/domain/:domain/primary',
    { schema: { tags, params: domainParams } },
    async (req, reply) => {
      const { org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
      await setPrimaryDomain(app.deps, org.id, req.params.domain);
      return reply.code(204).send();
    },
  );

  app.post(
    '/organization/:id/domain/:domain/verify',
    { schema: { tags, params: domainParams } },
    async (req, reply) => {
      const { org } = await targetOrg(req, req.params.id, Role.OrgAdmin);
      const activated = await verifyDomain(app.deps, org.id, req.params.domain, (n) => dns.resolveTxt(n));
      return activated ? reply.code(204).send() : reply.code(200).send();
    },
  );
}
