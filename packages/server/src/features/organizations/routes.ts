import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { addDomain, listDomains, removeDomain, setPrimaryDomain, verifyDomain } from './domains.js';
import {
  presentDomain,
  presentOrganization,
  presentOrganizationDeleted,
  presentOrganizationStub,
  presentOrganizationUpdated,
} from './presenter.js';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  organizationByDomain,
  updateOrganization,
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
  route(app, e.update, async ({ auth, params, body }) => {
    await updateOrganization(deps, auth, { id: params.id, organization: body });
    return presentOrganizationUpdated();
  });
  route(app, e.delete, async ({ auth, params }) => {
    await deleteOrganization(deps, auth, params.id);
    return presentOrganizationDeleted();
  });
  route(app, e.domains, async ({ auth, params }) => (await listDomains(deps, auth, params.id)).map(presentDomain));
  route(app, e.addDomain, async ({ auth, params }) => ({ id: await addDomain(deps, auth, params) }));
  route(app, e.removeDomain, ({ auth, params }) => removeDomain(deps, auth, params));
  route(app, e.setPrimaryDomain, ({ auth, params }) => setPrimaryDomain(deps, auth, params));
  route(app, e.verifyDomain, async ({ auth, params }) => ((await verifyDomain(deps, auth, params)) ? undefined : 200));
}
