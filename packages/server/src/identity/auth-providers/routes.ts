import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentAuthProvider } from './presenter.js';
import { findAuthProviderStubsOfOrganization, publicProvider } from './public.js';
import { samlServiceProviderMetadata } from './saml.js';
import { createProvider, deleteProvider, listProviders, providerFor, updateProvider } from './service.js';
import { finishOAuthSignIn, finishSamlSignIn, startProviderLink, startProviderSignIn } from './sign-in.js';
import { providerTestResult, redeemTicket } from './verify.js';

export async function authProviderRoutes(app: App): Promise<void> {
  const { deps } = app;
  const p = api.authProvider;
  const present = (row: Parameters<typeof presentAuthProvider>[1]) => presentAuthProvider(deps.config, row);

  route(app, p.list, async ({ auth }) => (await listProviders(deps, auth)).map(present));
  route(app, p.get, async ({ auth, params }) => present(await providerFor(deps, auth, params.id)));
  route(app, p.create, async ({ auth, body }) => ({ id: await createProvider(deps, auth, body) }));
  route(app, p.update, ({ auth, params, body }) => updateProvider(deps, auth, params.id, body));
  route(app, p.delete, ({ auth, params }) => deleteProvider(deps, auth, params.id));
  route(app, p.byOrganization, ({ params }) => findAuthProviderStubsOfOrganization(deps, params.orgId));
  route(app, p.testResult, ({ auth, params }) => providerTestResult(deps, auth, params.id, params.stateId));
  route(app, p.link, async ({ auth, params }) => ({ url: await startProviderLink(deps, auth, params.id) }));

  const a = api.auth;
  route(app, a.providerLogin, ({ params, query, request }) =>
    startProviderSignIn(deps, { providerId: params.providerId, type: params.type, redir: query.redir, request }),
  );
  route(app, a.providerCallback, ({ params, query, request }) =>
    finishOAuthSignIn(deps, { providerId: params.providerId, query, request }),
  );
  route(app, a.samlResponse, ({ params, body, request }) =>
    finishSamlSignIn(deps, {
      providerId: params.providerId,
      samlResponse: body.SAMLResponse,
      relayState: body.RelayState,
      request,
    }),
  );
  route(app, a.samlMetadata, async ({ params }) =>
    samlServiceProviderMetadata(deps, await publicProvider(deps, params.providerId, 'saml')),
  );
  route(app, a.verify, ({ params, request }) => redeemTicket(deps, params.id, request));
  route(app, a.verifySecondFactor, ({ params, body, request }) => redeemTicket(deps, params.id, request, body));
}
