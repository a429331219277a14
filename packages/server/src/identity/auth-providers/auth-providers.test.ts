import type { PerchClient } from '@perch/client';
import { ErrorCode, Role, type AuthProvider, type Preflight } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, statusOf } from '../../test-support/http.js';
import { createOrganization } from '../../test-support/organizations.js';
import { TestSamlIdp } from '../../test-support/saml-idp.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/** Sign-in providers as org admins manage them and as the sign-in page lists them. */
let s: TestServer;
let orgAdmin: PerchClient;
let spaceAdmin: PerchClient;
let user: PerchClient;

const openId = {
  name: 'Company ID',
  providerType: 1,
  issuer: 'https://id.example.com',
  scopes: 'openid,email',
  userInfoEmailField: 'email',
  clientId: 'perch',
  clientSecret: 'top-secret',
};
const upstreamShape = {
  name: 'Keycloak',
  providerType: 1,
  authUrl: 'https://idp.example/auth',
  tokenUrl: 'https://idp.example/token',
  authStyle: 0,
  scopes: 'openid,email',
  userInfoUrl: 'https://idp.example/userinfo',
  userInfoEmailField: 'email',
  userInfoFirstnameField: '',
  userInfoLastnameField: '',
  clientId: 'perch',
  clientSecret: 'secret',
  logoutUrl: 'https://idp.example/logout?redirect={logoutRedirectUri}',
  profilePageUrl: '',
};

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
  for (const [name, role] of [
    ['orgadmin', Role.OrgAdmin],
    ['spaceadmin', Role.SpaceAdmin],
    ['user', Role.User],
  ] as const)
    await s.createUser({ email: `${name}@test.perch.local`, role });
  orgAdmin = await s.signIn('orgadmin@test.perch.local');
  spaceAdmin = await s.signIn('spaceadmin@test.perch.local');
  user = await s.signIn('user@test.perch.local');
});

const create = async (c: PerchClient, body: Record<string, unknown>) =>
  (await c.post('/auth-provider/', body)).objectId as string;

describe('managing sign-in providers', () => {
  it('creates a provider in the shape the upstream UI sends, never returning the secret', async () => {
    const id = await create(orgAdmin, upstreamShape);
    const p = await orgAdmin.get<AuthProvider>(`/auth-provider/${id}`);
    expect(p).toMatchObject({ ...upstreamShape, clientSecret: '', organizationId: s.orgId, readOnly: false });
    expect(p.redirectUri).toBe(`http://localhost:${s.config.PORT}/auth/${id}/callback`);
    const row = await s.deps.db.selectFrom('auth_providers').select('client_secret').executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^v1:/);
    expect(row.client_secret).not.toContain('secret');
    expect(s.deps.secrets.decrypt(row.client_secret)).toBe('secret');
    expect(await orgAdmin.get<AuthProvider[]>('/auth-provider/')).toHaveLength(1);
  });

  it('keeps the stored secret when an update leaves it empty, and replaces it when given', async () => {
    const id = await create(orgAdmin, openId);
    const secret = async () =>
      s.deps.secrets.decrypt(
        (await s.deps.db.selectFrom('auth_providers').select('client_secret').executeTakeFirstOrThrow()).client_secret,
      );
    await orgAdmin.put(`/auth-provider/${id}`, { ...openId, name: 'Renamed', clientSecret: '' });
    expect(await secret()).toBe('top-secret');
    await orgAdmin.put(`/auth-provider/${id}`, { ...openId, clientSecret: 'new-secret' });
    expect(await secret()).toBe('new-secret');
  });

  it('answers 409 with code 6001 for a name the organisation uses already, whatever its case', async () => {
    const id = await create(orgAdmin, openId);
    const dup = await failure(orgAdmin.post('/auth-provider/', { ...openId, name: 'COMPANY id' }));
    expect([dup.status, dup.appCode]).toEqual([409, ErrorCode.AuthProviderAlreadyExists]);
    const other = await create(orgAdmin, { ...openId, name: 'Other' });
    const renamed = await failure(orgAdmin.put(`/auth-provider/${other}`, { ...openId, name: 'Company ID' }));
    expect([renamed.status, renamed.appCode]).toEqual([409, ErrorCode.AuthProviderAlreadyExists]);
    await orgAdmin.put(`/auth-provider/${id}`, { ...openId, name: 'Company ID' });
  });

  it.each([
    ['an invalid URL', { authUrl: 'not a url' }],
    ['a non-http URL', { issuer: 'ftp://id.example.com' }],
    ['an unknown provider type', { providerType: 3 }],
    ['an unknown auth style', { authStyle: 5 }],
    ['no email field', { userInfoEmailField: '' }],
    ['no client ID', { clientId: '' }],
    ['no scopes', { scopes: '' }],
    ['no secret on create', { clientSecret: '' }],
    ['no endpoints without an issuer', { issuer: '' }],
    ['a logout URL that is none', { logoutUrl: 'javascript:alert(1)' }],
    ['a name of 257 characters', { name: 'x'.repeat(257) }],
  ])('refuses %s with 400 and stores nothing', async (_what, change) => {
    expect(await statusOf(orgAdmin.post('/auth-provider/', { ...openId, ...change }))).toBe(400);
    expect(await orgAdmin.get<AuthProvider[]>('/auth-provider/')).toEqual([]);
  });

  it('checks a SAML provider: single sign-on URL and a real certificate', async () => {
    const saml = { name: 'SAML', providerType: 2, authUrl: 'https://idp.example/sso', userInfoEmailField: 'email' };
    expect(await statusOf(orgAdmin.post('/auth-provider/', saml))).toBe(400);
    expect(await statusOf(orgAdmin.post('/auth-provider/', { ...saml, idpCertificate: 'abc' }))).toBe(400);
    const id = await create(orgAdmin, { ...saml, idpCertificate: TestSamlIdp.certificate(), clientSecret: 'x' });
    const p = await orgAdmin.get<AuthProvider>(`/auth-provider/${id}`);
    expect(p.samlMetadataUrl).toMatch(new RegExp(`/auth/${id}/saml/metadata$`));
    const row = await s.deps.db.selectFrom('auth_providers').select('client_secret').executeTakeFirstOrThrow();
    expect(row.client_secret).toBe('');
  });

  it('checks the body first (400), then the role (403)', async () => {
    expect(await statusOf(user.post('/auth-provider/', { ...openId, clientSecret: '' }))).toBe(400);
    expect(await statusOf(user.post('/auth-provider/', openId))).toBe(403);
    expect(await statusOf(spaceAdmin.post('/auth-provider/', openId))).toBe(403);
    const id = await create(orgAdmin, openId);
    for (const c of [spaceAdmin, user]) {
      expect(await statusOf(c.get('/auth-provider/'))).toBe(403);
      expect(await statusOf(c.get(`/auth-provider/${id}`))).toBe(403);
      expect(await statusOf(c.put(`/auth-provider/${id}`, openId))).toBe(403);
      expect(await statusOf(c.delete(`/auth-provider/${id}`))).toBe(403);
    }
    expect(await statusOf(s.client().get('/auth-provider/'))).toBe(401);
  });

  it("keeps organisations apart: another organisation's provider is unknown (404)", async () => {
    const globex = await createOrganization(s, {
      name: 'Globex',
      domain: 'globex.example',
      adminEmail: 'hank@globex.example',
    });
    const theirs = await create(globex.admin!, { ...openId, name: 'Globex ID' });
    expect(await statusOf(orgAdmin.get(`/auth-provider/${theirs}`))).toBe(404);
    expect(await statusOf(orgAdmin.put(`/auth-provider/${theirs}`, openId))).toBe(404);
    expect(await statusOf(orgAdmin.delete(`/auth-provider/${theirs}`))).toBe(404);
    expect(await orgAdmin.get<AuthProvider[]>('/auth-provider/')).toEqual([]);
    // Another organisation may use the same name.
    await create(orgAdmin, { ...openId, name: 'Globex ID' });
    // The super admin reaches every organisation's providers.
    expect((await s.admin.get<AuthProvider>(`/auth-provider/${theirs}`)).name).toBe('Globex ID');
  });

  it('refuses to delete a provider users sign in through (400), then deletes it once they do not', async () => {
    const id = await create(orgAdmin, openId);
    const member = await s.createUser({ email: 'bound@test.perch.local' });
    await orgAdmin.put(`/user/${member}`, { email: 'bound@test.perch.local', role: 0, authProviderId: id });
    expect(await statusOf(orgAdmin.delete(`/auth-provider/${id}`))).toBe(400);
    await orgAdmin.delete(`/user/${member}`);
    await orgAdmin.delete(`/auth-provider/${id}`);
    expect(await statusOf(orgAdmin.get(`/auth-provider/${id}`))).toBe(404);
    expect(await statusOf(orgAdmin.delete(`/auth-provider/${id}`))).toBe(404);
    expect(await statusOf(orgAdmin.get('/auth-provider/not-an-id'))).toBe(404);
  });
});

describe('the sign-in page', () => {
  it('lists the providers publicly and in the sign-in lookups', async () => {
    const id = await create(orgAdmin, openId);
    expect(await s.client().get(`/auth-provider/org/${s.orgId}`)).toEqual([{ id, name: 'Company ID' }]);
    expect(await statusOf(s.client().get('/auth-provider/org/00000000-0000-4000-8000-000000000000'))).toBe(404);
    expect(await statusOf(s.client().get('/auth-provider/org/not-an-id'))).toBe(404);
    const preflight = await s.client().get<Preflight>('/auth/org/test.perch.local');
    expect(preflight.authProviders).toEqual([{ id, name: 'Company ID' }]);
    const settings = await s.admin.get<{ name: string; value: string }[]>('/setting/');
    expect(settings.find((x) => x.name === 'feature_auth_providers')?.value).toBe('1');
  });
});

describe('password sign-in switched off', () => {
  it('leaves only the providers: the lookups say so and password sign-in answers 404', async () => {
    const off = await startTestServer({ DISABLE_PASSWORD_LOGIN: '1' }, { reset: false, signIn: false });
    try {
      const preflight = await off.client().get<Preflight>('/auth/org/test.perch.local');
      expect(preflight).toMatchObject({ disablePasswordLogin: true, requirePassword: false });
      expect(
        await statusOf(
          off.client().post('/auth/login', {
            email: 'user@test.perch.local',
            password: 'Sec!ret-pw1',
            organizationId: s.orgId,
          }),
        ),
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});
