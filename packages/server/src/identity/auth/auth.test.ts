import { ApiError, login, PerchClient } from '@perch/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

async function raw(path: string, init: RequestInit = {}) {
  return fetch(s.url + path, init);
}

describe('sign-in lookups', () => {
  it('finds the single organisation and its sign-in options', async () => {
    const res = await raw('/auth/singleorg');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      organization: { id: s.orgId, name: 'Test Org', firstname: '', email: '' },
      authProviders: [],
      requirePassword: true,
      disablePasswordLogin: false,
      domain: 'test.perch.local',
    });
  });

  it('finds the organisation by an active domain, case-insensitively, and 404s otherwise', async () => {
    expect((await raw('/auth/org/TEST.perch.local')).status).toBe(200);
    expect((await raw('/auth/org/unknown.example')).status).toBe(404);
  });

  it('answers the email-first preflight by the email domain or the user', async () => {
    const res = await raw('/auth/preflight', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@test.perch.local' }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).organization.id).toBe(s.orgId);
    const bad = await raw('/auth/preflight', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 42 }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('login', () => {
  it('signs in with the right password and returns tokens', async () => {
    const c = new PerchClient({ baseUrl: s.url });
    const creds = await login(c, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: s.orgId });
    expect(creds.accessToken).toMatch(/^eyJ/);
    expect(creds.refreshToken.length).toBeGreaterThan(30);
    const me = await c.get<{ email: string; superAdmin: boolean }>('/user/me');
    expect(me).toMatchObject({ email: ADMIN_EMAIL, superAdmin: true });
  });

  it('refuses a wrong password with 400 and an unknown email the same way', async () => {
    const c = new PerchClient({ baseUrl: s.url });
    const wrong = await login(c, { email: ADMIN_EMAIL, password: 'Wrong!pass1', organizationId: s.orgId }).catch(
      (e: unknown) => e,
    );
    expect(wrong).toBeInstanceOf(ApiError);
    expect((wrong as ApiError).status).toBe(400);
    const unknown = await login(c, { email: 'nobody@x.org', password: 'Wrong!pass1', organizationId: s.orgId }).catch(
      (e: unknown) => e,
    );
    expect((unknown as ApiError).status).toBe(400);
  });

  it('asks for a new password (401 + 5001) when an admin set it, and /auth/updatepw completes the sign-in', async () => {
    const res = await s.admin.post('/user/', {
      firstname: 'Test',
      lastname: 'User',
      email: 'new@test.perch.local',
      role: 0,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(201);
    const c = new PerchClient({ baseUrl: s.url });
    const err = (await login(c, {
      email: 'new@test.perch.local',
      password: TEST_PASSWORD,
      organizationId: s.orgId,
    }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(err.appCode).toBe(5001);
    const upd = await fetch(`${s.url}/auth/updatepw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'new@test.perch.local',
        password: TEST_PASSWORD,
        newPassword: 'Other!pw22',
        organizationId: s.orgId,
      }),
    });
    expect(upd.status).toBe(200);
    await expect(s.signIn('new@test.perch.local', 'Other!pw22')).resolves.toBeInstanceOf(PerchClient);
  });

  it('refuses the current password as the new one at the forced change (400 + 5002), keeping the change pending', async () => {
    await s.admin.post('/user/', {
      firstname: 'Test',
      lastname: 'User',
      email: 'same@test.perch.local',
      role: 0,
      password: TEST_PASSWORD,
    });
    const same = await fetch(`${s.url}/auth/updatepw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'same@test.perch.local',
        password: TEST_PASSWORD,
        newPassword: TEST_PASSWORD,
        organizationId: s.orgId,
      }),
    });
    expect(same.status).toBe(400);
    expect(same.headers.get('x-error-code')).toBe('5002');
    // Nothing changed: signing in still asks for a new password.
    const err = (await login(new PerchClient({ baseUrl: s.url }), {
      email: 'same@test.perch.local',
      password: TEST_PASSWORD,
      organizationId: s.orgId,
    }).catch((e: unknown) => e)) as ApiError;
    expect(err.appCode).toBe(5001);
  });
});
