import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerchClient, verifyTicketWithSecondFactor } from '@perch/client';
import type { AuthAttempt, AuthAttemptList, User } from '@perch/contract';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure } from '../../test-support/http.js';
import { codeAt, enableTotp } from '../../test-support/second-factors.js';
import {
  createProvider,
  endOf,
  follow,
  TEST_PUBLIC_URL,
  verifyTicket,
  type SignInEnd,
} from '../../test-support/provider-sign-in.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * OpenID Connect and plain OAuth 2 sign-in against a real OpenID provider (oauth2-mock-server
 * on a loopback port): the redirect with PKCE, state and nonce, the code exchange, ID-token and
 * user-info checks, accounts created on first sign-in, the ticket, and every failure path.
 */
let s: TestServer;
const idp = new OAuth2Server();
let person: Record<string, unknown>;
let tokenChanges: Record<string, unknown>;

beforeAll(async () => {
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
    res.body = { sub: 'johndoe', ...person };
  });
  idp.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, tokenChanges);
  });
  s = await startTestServer({ PUBLIC_URL: TEST_PUBLIC_URL });
});
afterAll(async () => {
  await s.close();
  await idp.stop();
});
beforeEach(async () => {
  await s.reset();
  person = { email: 'Dana@Example.com', given_name: 'Dana', family_name: 'Scully' };
  tokenChanges = {};
});
afterEach(() => idp.service.removeAllListeners('beforeAuthorizeRedirect'));

const issuer = () => idp.issuer.url!;
const openIdProvider = (extra: Record<string, unknown> = {}) =>
  createProvider(s, {
    name: 'Company ID',
    providerType: 1,
    issuer: issuer(),
    scopes: 'openid,email,profile',
    userInfoEmailField: 'email',
    userInfoFirstnameField: 'given_name',
    userInfoLastnameField: 'family_name',
    clientId: 'perch',
    clientSecret: 'perch-secret',
    logoutUrl: `${issuer()}/endsession?post_logout_redirect_uri={logoutRedirectUri}`,
    ...extra,
  });
const setAllowAnyUser = (on: boolean) => s.admin.put('/setting/allow_any_user', { value: on ? '1' : '0' });

/** Runs a browser's sign-in through the provider; `start` may change the URL the provider gets. */
async function signIn(providerId: string, type = 'ui', redir = '/bookings'): Promise<SignInEnd> {
  const start = await follow(s, `${s.url}/auth/${providerId}/login/${type}/?redir=${encodeURIComponent(redir)}`);
  expect(start.status).toBe(307);
  if (start.location.includes('/ui/login/failed/')) return endOf(start.location);
  const atIdp = await follow(s, start.location);
  expect(atIdp.status).toBe(302);
  const back = await follow(s, atIdp.location);
  expect(back.status).toBe(307);
  return endOf(back.location);
}

async function lastAttempt(): Promise<AuthAttempt> {
  const list = await s.admin.get<AuthAttemptList>('/auth-attempt/');
  return list.items[0]!;
}

describe('OpenID Connect sign-in', () => {
  it('sends the browser to the provider with PKCE, state and nonce, and only to the registered redirect URI', async () => {
    const p = await openIdProvider();
    expect(p.redirectUri).toBe(`${TEST_PUBLIC_URL}/auth/${p.id}/callback`);
    const start = await follow(s, `${s.url}/auth/${p.id}/login/ui/`);
    const url = new URL(start.location);
    expect(url.origin + url.pathname).toBe(`${issuer()}/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(p.redirectUri);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('creates the account on first sign-in when any user may sign in, and returns a session with the logout URL', async () => {
    const p = await openIdProvider();
    const end = await signIn(p.id);
    expect(end.ticket, end.location).toBeDefined();
    expect(new URL(end.location).searchParams.get('redir')).toBe('/bookings');
    const credentials = await verifyTicket(s, end.ticket!);
    expect(credentials.accessToken).toMatch(/^eyJ/);
    expect(credentials.logoutUrl).toBe(
      `${issuer()}/endsession?post_logout_redirect_uri=${encodeURIComponent(`${TEST_PUBLIC_URL}/ui/login/?noredirect=1`)}`,
    );
    const users = await s.admin.get<User[]>('/user/');
    const dana = users.find((u) => u.email === 'dana@example.com')!;
    expect(dana).toMatchObject({ firstname: 'Dana', lastname: 'Scully', role: 0, authProviderId: p.id });
    expect(await lastAttempt()).toMatchObject({ successful: true, method: 'oauth', email: 'dana@example.com' });

    // The ticket works again for 30 seconds (a reloaded page), then it is gone.
    expect((await verifyTicket(s, end.ticket!)).accessToken).toMatch(/^eyJ/);
    await s.deps.db
      .updateTable('auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await failure(verifyTicket(s, end.ticket!))).status).toBe(404);
  });

  it('binds an existing account without a password on its first provider sign-in and takes the names the provider sends', async () => {
    const p = await openIdProvider();
    await setAllowAnyUser(false);
    const id = await s.createUser({ email: 'dana@example.com', firstname: 'Dee', lastname: 'Ess' });
    await s.deps.db.updateTable('users').set({ password_hash: null }).where('id', '=', id).execute();
    const end = await signIn(p.id);
    await verifyTicket(s, end.ticket!);
    const user = await s.admin.get<User>(`/user/${id}`);
    expect(user).toMatchObject({ firstname: 'Dana', lastname: 'Scully', authProviderId: p.id });
  });

  it('never binds an account that has a password by its email alone: its password keeps working', async () => {
    const p = await openIdProvider();
    const id = await s.createUser({ email: 'dana@example.com', firstname: 'Dee', lastname: 'Ess' });
    const end = await signIn(p.id);
    expect(end.failed?.get('reason')).toBe('link');
    expect(end.failed?.get('error')).toBe('link_required');
    expect(await lastAttempt()).toMatchObject({
      successful: false,
      errorCode: 'idp_link_required',
      email: 'dana@example.com',
    });
    expect(await s.admin.get<User>(`/user/${id}`)).toMatchObject({ firstname: 'Dee', authProviderId: '' });
    expect((await (await s.signIn('dana@example.com')).get<User>('/user/me')).id).toBe(id);
  });

  it('refuses an unknown person when accounts are not created on sign-in', async () => {
    const p = await openIdProvider();
    await setAllowAnyUser(false);
    const end = await signIn(p.id);
    expect(end.failed?.get('reason')).toBe('login');
    expect(await lastAttempt()).toMatchObject({ successful: false, errorCode: 'user_not_found', method: 'oauth' });
    expect((await s.admin.get<User[]>('/user/')).some((u) => u.email === 'dana@example.com')).toBe(false);
  });

  it('refuses accounts bound to another provider, disabled accounts and service accounts', async () => {
    const p = await openIdProvider();
    const other = await openIdProvider({ name: 'Other ID' });
    const id = await s.createUser({ email: 'dana@example.com' });
    await s.admin.put(`/user/${id}`, { email: 'dana@example.com', role: 0, authProviderId: other.id });
    expect((await signIn(p.id)).failed?.get('reason')).toBe('login');
    expect((await lastAttempt()).errorCode).toBe('idp_provider_mismatch');

    await s.deps.db.updateTable('users').set({ auth_provider_id: null, disabled: true }).where('id', '=', id).execute();
    expect((await signIn(p.id)).failed?.get('reason')).toBe('login');
    expect((await lastAttempt()).errorCode).toBe('user_disabled');

    await s.deps.db.updateTable('users').set({ disabled: false, role: 22 }).where('id', '=', id).execute();
    expect((await signIn(p.id)).failed?.get('reason')).toBe('login');
    expect((await lastAttempt()).errorCode).toBe('service_account');
  });

  it('checks the account again when the ticket is redeemed', async () => {
    const p = await openIdProvider();
    const end = await signIn(p.id);
    await s.deps.db.updateTable('users').set({ disabled: true }).where('email', '=', 'dana@example.com').execute();
    expect((await failure(verifyTicket(s, end.ticket!))).status).toBe(404);
    expect((await failure(verifyTicket(s, '00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await failure(verifyTicket(s, 'not-a-ticket'))).status).toBe(404);
  });

  it('fails cleanly on a replayed callback, an unknown or expired state and a state of another provider', async () => {
    const p = await openIdProvider();
    const other = await openIdProvider({ name: 'Other ID' });
    const start = await follow(s, `${s.url}/auth/${p.id}/login/ui/`);
    const atIdp = await follow(s, start.location);
    const first = await follow(s, atIdp.location);
    expect(endOf(first.location).ticket).toBeDefined();
    const replay = await follow(s, atIdp.location);
    expect(endOf(replay.location).failed?.get('reason')).toBe('expired');
    expect((await lastAttempt()).errorCode).toBe('idp_state_invalid');

    const unknown = await follow(s, `${s.url}/auth/${p.id}/callback?code=x&state=00000000-0000-4000-8000-000000000000`);
    expect(endOf(unknown.location).failed?.get('reason')).toBe('expired');
    expect(endOf((await follow(s, `${s.url}/auth/${p.id}/callback`)).location).failed?.get('reason')).toBe('expired');

    // A state issued for one provider does not finish a sign-in at another.
    const start2 = await follow(s, `${s.url}/auth/${p.id}/login/ui/`);
    const atIdp2 = await follow(s, start2.location);
    const wrong = await follow(s, atIdp2.location.replace(`/auth/${p.id}/`, `/auth/${other.id}/`));
    expect(endOf(wrong.location).failed?.get('reason')).toBe('expired');

    // An attempt older than five minutes is gone.
    const start3 = await follow(s, `${s.url}/auth/${p.id}/login/ui/`);
    const atIdp3 = await follow(s, start3.location);
    await s.deps.db
      .updateTable('auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(endOf((await follow(s, atIdp3.location)).location).failed?.get('reason')).toBe('expired');
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['another audience', { aud: 'someone-else' }],
    ['another nonce', { nonce: 'replayed-nonce' }],
    ['an expired ID token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('refuses an ID token with %s', async (_what, changes) => {
    const p = await openIdProvider();
    tokenChanges = changes;
    const end = await signIn(p.id);
    expect(end.failed?.get('reason')).toBe('userinfo');
    expect((await lastAttempt()).errorCode).toBe('idp_code_exchange_failed');
    expect((await s.admin.get<User[]>('/user/')).some((u) => u.email === 'dana@example.com')).toBe(false);
  });

  it('refuses a user info without an email, and passes on what the provider said when it refused', async () => {
    const p = await openIdProvider();
    person = { given_name: 'No Mail' };
    expect((await signIn(p.id)).failed?.get('reason')).toBe('userinfo');
    expect((await lastAttempt()).errorCode).toBe('idp_attribute_mapping_failed');

    idp.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'The user cancelled');
    });
    const end = await signIn(p.id);
    expect(end.failed?.get('reason')).toBe('userinfo');
    expect(end.failed?.get('error')).toBe('access_denied');
    expect(end.failed?.get('error_description')).toBe('The user cancelled');
  });

  it('sends the browser to the failed page when the provider cannot be reached, and 404 for an unknown provider', async () => {
    const p = await openIdProvider({ issuer: 'http://127.0.0.1:9/unreachable' });
    const end = await signIn(p.id);
    expect(end.failed?.get('reason')).toBe('config');
    expect((await lastAttempt()).errorCode).toBe('idp_config_invalid');
    expect((await follow(s, `${s.url}/auth/00000000-0000-4000-8000-000000000000/login/ui/`)).status).toBe(404);
    expect((await follow(s, `${s.url}/auth/nope/login/ui/`)).status).toBe(404);
    expect((await follow(s, `${s.url}/auth/${p.id}/login/desktop/`)).status).toBe(400);
  });

  it('keeps only paths of this site as the place to return to', async () => {
    const p = await openIdProvider();
    for (const redir of [
      'https://evil.example.com/',
      '//evil.example.com/x',
      '/\\evil.example.com',
      '/\t/evil.example.com',
      '/\n/evil.example.com',
      '/\u3000/evil.example.com',
    ]) {
      const end = await signIn(p.id, 'ui', redir);
      expect(new URL(end.location).searchParams.get('redir')).toBeNull();
    }
  });

  it('lets an org admin test the provider without signing anyone in or creating an account', async () => {
    const p = await openIdProvider();
    await setAllowAnyUser(false);
    const end = await signIn(p.id, 'test');
    expect(end.testResult).toBeDefined();
    const result = await s.admin.get(`/auth-provider/${p.id}/test/${end.testResult!}`);
    expect(result).toMatchObject({
      successful: true,
      email: 'dana@example.com',
      firstname: 'Dana',
      lastname: 'Scully',
      wouldSignIn: false,
    });
    expect((result as { attributes: Record<string, string> }).attributes).toMatchObject({ sub: 'johndoe' });
    expect((await s.admin.get<User[]>('/user/')).some((u) => u.email === 'dana@example.com')).toBe(false);
    const user = await s.signIn(
      ...(await (async () => {
        await s.createUser({ email: 'member@test.perch.local' });
        return ['member@test.perch.local'] as const;
      })()),
    );
    expect((await failure(user.get(`/auth-provider/${p.id}/test/${end.testResult!}`))).status).toBe(403);
  });
});

describe('plain OAuth 2 sign-in (no OpenID issuer)', () => {
  it('reads the person from the user-info endpoint and ignores ID tokens it cannot check', async () => {
    const p = await createProvider(s, {
      name: 'Plain OAuth',
      providerType: 1,
      authUrl: `${issuer()}/authorize`,
      tokenUrl: `${issuer()}/token`,
      userInfoUrl: `${issuer()}/userinfo`,
      scopes: 'email',
      userInfoEmailField: 'email',
      clientId: 'perch',
      clientSecret: 'perch-secret',
      authStyle: 1,
    });
    // An ID token for another audience would fail an OpenID check; plain OAuth 2 does not use it.
    tokenChanges = { aud: 'someone-else' };
    const start = await follow(s, `${s.url}/auth/${p.id}/login/ui/`);
    expect(new URL(start.location).searchParams.get('nonce')).toBeNull();
    const end = await signIn(p.id);
    expect(end.ticket, end.location).toBeDefined();
    expect((await verifyTicket(s, end.ticket!)).logoutUrl).toBe('');
  });
});

describe('who a provider may sign in', () => {
  /** An org admin of the test organisation, signed in (the hostile admin of the scenario). */
  async function orgAdmin() {
    await s.createUser({ email: 'oa@test.perch.local', role: 20 });
    return s.signIn('oa@test.perch.local');
  }

  it("never signs in or binds the super admin, whatever the provider says, and the super admin's password keeps working", async () => {
    const oa = await orgAdmin();
    const created = await oa.post('/auth-provider/', {
      name: 'Rogue ID',
      providerType: 1,
      issuer: issuer(),
      scopes: 'openid,email',
      userInfoEmailField: 'email',
      clientId: 'perch',
      clientSecret: 'perch-secret',
    });
    const rogue = created.objectId!;
    person = { email: ADMIN_EMAIL };
    const end = await signIn(rogue);
    expect(end.ticket).toBeUndefined();
    expect(end.failed?.get('reason')).toBe('login');
    expect(await lastAttempt()).toMatchObject({
      successful: false,
      errorCode: 'idp_role_too_high',
      email: ADMIN_EMAIL,
    });
    const admin = await s.admin.get<User>('/user/me');
    expect(admin.authProviderId).toBe('');
    expect((await (await s.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).get<User>('/user/me')).role).toBe(90);
    // The org admin's own test of the provider says so too.
    const test = await signIn(rogue, 'test');
    expect(await oa.get(`/auth-provider/${rogue}/test/${test.testResult!}`)).toMatchObject({
      wouldSignIn: false,
      error: expect.stringMatching(/^Super admins sign in with their own password/),
    });
  });

  it('signs nobody in whose role is above the role of the admin who last configured the provider', async () => {
    const p = await openIdProvider();
    const id = await s.createUser({ email: 'dana@example.com', role: 20 });
    await s.deps.db.updateTable('users').set({ password_hash: null }).where('id', '=', id).execute();
    // As if a space admin had configured it (only org admins can; the rule holds for any role).
    await s.deps.db.updateTable('auth_providers').set({ configured_by_role: 10 }).where('id', '=', p.id).execute();
    expect((await signIn(p.id)).failed?.get('reason')).toBe('login');
    expect((await lastAttempt()).errorCode).toBe('idp_role_too_high');
    // Saving it as an org admin raises its reach to org admins.
    const stored = await s.admin.get<Record<string, unknown>>(`/auth-provider/${p.id}`);
    const oa = await orgAdmin();
    await oa.put(`/auth-provider/${p.id}`, { ...stored, clientSecret: '' });
    const end = await signIn(p.id);
    expect((await verifyTicket(s, end.ticket!)).accessToken).toMatch(/^eyJ/);
    // A ticket is checked again when redeemed.
    const again = await signIn(p.id);
    await s.deps.db.updateTable('auth_providers').set({ configured_by_role: 10 }).where('id', '=', p.id).execute();
    expect((await failure(verifyTicket(s, again.ticket!))).status).toBe(403);
  });

  it("links an account with a password only when its owner asks, signed in, and the provider names the account's email", async () => {
    const p = await openIdProvider();
    const id = await s.createUser({ email: 'dana@example.com' });
    const dana = await s.signIn('dana@example.com');
    // Another person at the provider: refused, nothing linked.
    person = { email: 'mallory@example.com' };
    const wrong = await dana.post<{ url: string }>(`/auth-provider/${p.id}/link`);
    const atIdp = await follow(s, wrong.data.url);
    const mismatch = endOf((await follow(s, atIdp.location)).location);
    expect(mismatch.failed?.get('reason')).toBe('link');
    expect(mismatch.failed?.get('error')).toBe('email_mismatch');
    expect((await lastAttempt()).errorCode).toBe('idp_link_email_mismatch');
    expect((await s.admin.get<User>(`/user/${id}`)).authProviderId).toBe('');

    person = { email: 'dana@example.com' };
    const right = await dana.post<{ url: string }>(`/auth-provider/${p.id}/link`);
    const back = await follow(s, (await follow(s, right.data.url)).location);
    expect(back.location).toBe(`${TEST_PUBLIC_URL}/ui/preferences?tab=security&linked=${p.id}`);
    expect((await s.admin.get<User>(`/user/${id}`)).authProviderId).toBe(p.id);
    // From now on the provider signs the account in, and the password no longer does.
    expect((await verifyTicket(s, (await signIn(p.id)).ticket!)).accessToken).toMatch(/^eyJ/);
    expect((await failure(s.signIn('dana@example.com'))).status).toBe(400);
    expect((await failure(dana.post(`/auth-provider/${p.id}/link`))).status).toBe(400);
  });

  it('lets no super admin link, and no one link to a provider of another organisation', async () => {
    const p = await openIdProvider();
    expect((await failure(s.admin.post(`/auth-provider/${p.id}/link`))).status).toBe(403);
    const acme = (
      await s.admin.post('/organization/', {
        name: 'Acme Corp',
        firstname: 'Wile',
        lastname: 'Coyote',
        email: 'wile@acme.example',
        language: 'en',
      })
    ).objectId!;
    await s.createUser({ email: 'x@acme.example', organizationId: acme });
    const x = await s.signIn('x@acme.example', undefined, acme);
    expect((await failure(x.post(`/auth-provider/${p.id}/link`))).status).toBe(404);
    expect((await failure(s.client().post(`/auth-provider/${p.id}/link`))).status).toBe(401);
  });
});

describe("the account's own second factor after a provider", () => {
  it('is asked for unless the provider checks two factors itself, with the log, throttle and replay rules of a password sign-in', async () => {
    const p = await openIdProvider();
    const first = new PerchClient({ baseUrl: s.url });
    first.acceptCredentials(await verifyTicket(s, (await signIn(p.id)).ticket!));
    const secret = await enableTotp(first);

    const ticket = (await signIn(p.id)).ticket!;
    const asked = await failure(verifyTicket(s, ticket));
    expect(asked.status).toBe(401);
    expect(await lastAttempt()).toMatchObject({
      successful: false,
      errorCode: 'second_factor_required',
      method: 'oauth',
    });
    const c = s.client();
    expect(await verifyTicketWithSecondFactor(c, ticket)).toEqual({ status: 'totpRequired' });
    const wrong = await failure(verifyTicketWithSecondFactor(c, ticket, { code: '000000' }));
    expect(wrong.status).toBe(400);
    expect((await lastAttempt()).errorCode).toBe('totp_invalid');
    const code = await codeAt(secret, 1);
    const signedIn = await verifyTicketWithSecondFactor(c, ticket, { code });
    expect(signedIn.status).toBe('signedIn');
    expect(await lastAttempt()).toMatchObject({ successful: true, method: 'oauth', email: 'dana@example.com' });
    // The same code again (another ticket): a replay.
    const next = (await signIn(p.id)).ticket!;
    expect((await failure(verifyTicketWithSecondFactor(s.client(), next, { code }))).status).toBe(400);
    expect((await lastAttempt()).errorCode).toBe('totp_replay');

    // The provider checks two factors itself (an admin says so): not asked.
    const stored = await s.admin.get<Record<string, unknown>>(`/auth-provider/${p.id}`);
    await s.admin.put(`/auth-provider/${p.id}`, { ...stored, clientSecret: '', checksSecondFactor: true });
    expect((await s.admin.get<{ checksSecondFactor: boolean }>(`/auth-provider/${p.id}`)).checksSecondFactor).toBe(
      true,
    );
    expect((await verifyTicket(s, (await signIn(p.id)).ticket!)).accessToken).toMatch(/^eyJ/);
  });
});

describe('the outbound policy', () => {
  it("never calls a provider's address on the server's own network: discovery, token and user-info endpoints", async () => {
    const calls: string[] = [];
    const inside = http.createServer((req, res) => {
      calls.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.2', r));
    const insideUrl = `http://127.0.0.2:${(inside.address() as AddressInfo).port}`;
    try {
      const discovered = await openIdProvider({ issuer: insideUrl });
      const end = await signIn(discovered.id);
      expect(end.failed?.get('reason')).toBe('config');
      expect(await lastAttempt()).toMatchObject({
        errorCode: 'idp_config_invalid',
        errorDetail: expect.stringMatching(/address of 127\.0\.0\.2 is not allowed/),
      });

      // Plain OAuth 2 with an authorisation page outside and a token endpoint inside.
      const plain = await createProvider(s, {
        name: 'Plain OAuth',
        providerType: 1,
        authUrl: `${issuer()}/authorize`,
        tokenUrl: `${insideUrl}/token`,
        userInfoUrl: `${insideUrl}/userinfo`,
        scopes: 'email',
        userInfoEmailField: 'email',
        clientId: 'perch',
        clientSecret: 'perch-secret',
        authStyle: 1,
      });
      const exchanged = await signIn(plain.id);
      expect(exchanged.failed?.get('reason')).toBe('userinfo');
      expect(await lastAttempt()).toMatchObject({
        errorCode: 'idp_code_exchange_failed',
        errorDetail: expect.stringMatching(/address of 127\.0\.0\.2 is not allowed/),
      });
      expect(calls).toEqual([]);
    } finally {
      await new Promise((r) => inside.close(r));
    }
  });
});

describe('several server processes', () => {
  it('finishes on one process a sign-in started on another', async () => {
    const p = await openIdProvider();
    const second = await startTestServer({ PUBLIC_URL: TEST_PUBLIC_URL }, { reset: false });
    try {
      const start = await follow(s, `${s.url}/auth/${p.id}/login/ui/`);
      const atIdp = await follow(s, start.location);
      const back = await follow(second, atIdp.location);
      const end = endOf(back.location);
      expect(end.ticket).toBeDefined();
      expect((await verifyTicket(second, end.ticket!)).accessToken).toMatch(/^eyJ/);
    } finally {
      await second.close();
    }
  });
});
