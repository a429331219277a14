import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { addDomain, domainReachability, listDomains, removeDomain, setPrimaryDomain, verifyDomain } from './domains.js';
import {
  presentDomain,
  presentDomainReachability,
  presentOrganization,
  presentOrganizationDeleted,
  presentOrganizationStub,
  presentOrganizationUpdated,
} from './presenter.js';
import {
  createOrganization,
  confirmOrganizationDeletion,
  getOrganization,
  listOrganizations,
  organizationByDomain,
  requestOrganizationDeletion,
  updateOrganization,
  verifyOrganizationEmail,
} from './service.js';

export async function organizationRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.organization;

  route(app, e.list, async ({ auth }) => (await listOrganizations(deps, auth)).map(presentOrganization));
  route(app, e.create, async ({ auth, body }) => ({ id: await createOrganization(deps, auth, body) }));
  route(app, e.byDomain, async ({ params }) =>
    presentOrganizationStub(await organizationByDomain(deps, params.domain)),
  );
  route(app, e.get, async ({ auth, params }) => presentOrganization(await getOrganization(deps, auth, params.id)));
  route(app, e.update, async ({ auth, params, body }) =>
    presentOrganizationUpdated(await updateOrganization(deps, auth, { id: params.id, organization: body })),
  );
  route(app, e.verifyEmail, ({ auth, params, body }) =>
    verifyOrganizationEmail(deps, auth, { id: params.id, uuid: params.uuid, code: body.code }),
  );
  route(app, e.delete, async ({ auth, params }) =>
    presentOrganizationDeleted(await requestOrganizationDeletion(deps, auth, params.id)),
  );
  route(app, e.confirmDeletion, ({ params, body }) =>
    confirmOrganizationDeletion(deps, { id: params.id, code: body.code }),
  );
  route(app, e.domains, async ({ auth, params }) => (await listDomains(deps, auth, params.id)).map(presentDomain));
  route(app, e.addDomain, async ({ auth, params }) => ({ id: await addDomain(deps, auth, params) }));
  route(app, e.removeDomain, ({ auth, params }) => removeDomain(deps, auth, params));
  route(app, e.setPrimaryDomain, ({ auth, params }) => setPrimaryDomain(deps, auth, params));
  route(app, e.domainReachability, async ({ params }) =>
    presentDomainReachability(await domainReachability(deps, params.domain)),
  );
  route(app, e.verifyDomain, async ({ auth, params }) => ((await verifyDomain(deps, auth, params)) ? undefined : 200));
}
