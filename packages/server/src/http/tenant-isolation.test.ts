import type { PerchClient } from '@perch/client';
import type { Session, User } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../test-support/http.js';
import { createOrganization } from '../test-support/organizations.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../test-support/server.js';

/**
 * A super admin creates a second organisation with a domain and an org admin in it. That
 * admin signs in and must see nothing of the first organisation through any endpoint.
 */
let s: TestServer;
let other: PerchClient;
let otherOrgId = '';
let firstUserId = '';
let firstSessionId = '';

beforeAll(async () => {
  s = await startTestServer();
  const globex = await createOrganization(s, {
    name: 'Globex',
    domain: 'globex.example',
    adminEmail: 'hank@globex.example',
  });
  otherOrgId = globex.id;
  other = globex.admin!;
  // The same email may exist in both organisations.
  await s.createUser({ email: 'shared@globex.example', role: 0 });
  await s.createUser({ email: 'shared@globex.example', role: 0, organizationId: otherOrgId });
  firstUserId = await s.createUser({ email: 'alice@test.perch.local', role: 10 });
  firstSessionId = (await s.admin.get<Session[]>('/user/session')).find((x) => x.current)!.id;
});
afterAll(() => s.close());

describe('tenant isolation', () => {
  it('the other organisation signs in through its own domain', async () => {
    const pre = await (await fetch(`${s.url}/auth/org/globex.example`)).json();
    expect(pre.organization.id).toBe(otherOrgId);
    const viaEmail = await (
      await fetch(`${s.url}/auth/preflight`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'hank@globex.example' }),
      })
    ).json();
    expect(viaEmail.organization.id).toBe(otherOrgId);
    const me = await other.get<User>('/user/me');
    expect(me.organizationId).toBe(otherOrgId);
  });

  it('lists show only its own users', async () => {
    const users = await other.get<User[]>('/user/');
    expect(users.map((u) => u.email).sort()).toEqual(['hank@globex.example', 'shared@globex.example']);
    expect(users.every((u) => u.organizationId === otherOrgId)).toBe(true);
    expect(await other.get('/user/count')).toEqual({ count: 2 });
    expect(await statusOf(other.get(`/user/byEmail/${encodeURIComponent(ADMIN_EMAIL)}`))).toBe(404);
    const shared = await other.get<User>('/user/byEmail/shared@globex.example');
    expect(shared.organizationId).toBe(otherOrgId);
  });

  /** Public routes of the sign-in page that name an organisation's sign-in providers (none leak data). */
  const PUBLIC_LOOKUPS = ['/auth-provider/org/{orgId}'];

  it('ids of the first organisation are unknown (404) on every route that takes one', async () => {
    const doc = (await (await fetch(`${s.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ids = [firstUserId, s.orgId, firstSessionId];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.includes('{')) continue;
      for (const method of Object.keys(ops)) {
        for (const id of ids) {
          const url = path.replace(/\{[^}]+\}/g, id);
          const res = await fetch(s.url + url, {
            method: method.toUpperCase(),
            headers: { authorization: `Bearer ${other.store.load()!.accessToken}`, 'content-type': 'application/json' },
            body: ['post', 'put'].includes(method) ? JSON.stringify(sampleBody(path)) : undefined,
          });
          // 400 is acceptable only where the body itself is refused; never success, except on
          // the sign-in page's public lookups, which answer for any organisation by design.
          if (!PUBLIC_LOOKUPS.includes(path)) expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${method} ${url}`).toBeLessThan(500);
          const text = await res.text();
          expect(text, `${method} ${url}`).not.toContain('alice@test.perch.local');
          expect(text, `${method} ${url}`).not.toContain('Test Org');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    // Nothing of the first organisation changed.
    expect((await s.admin.get<User>(`/user/${firstUserId}`)).email).toBe('alice@test.perch.local');
    expect((await s.admin.get<{ name: string }>(`/organization/${s.orgId}`)).name).toBe('Test Org');
    expect((await s.admin.get<Session[]>('/user/session')).some((x) => x.id === firstSessionId)).toBe(true);
  });

  it("settings and the organisation's system values are its own", async () => {
    await other.put('/setting/max_days_in_advance', { value: '99' });
    expect(await s.admin.get('/setting/max_days_in_advance')).toBe('14');
    expect(await other.get('/setting/_sys_org_primary_domain')).toBe('globex.example');
  });

  it('a plain member of the other organisation is refused everywhere admin rights are needed', async () => {
    const member = await s.signIn('shared@globex.example', undefined, otherOrgId);
    expect(await statusOf(member.get('/user/'))).toBe(403);
    expect(await statusOf(member.get(`/user/${firstUserId}`))).toBe(403);
    expect(await statusOf(member.get(`/organization/${s.orgId}`))).toBe(404);
  });
});

function sampleBody(path: string): unknown {
  if (path.startsWith('/user/{id}/password')) return { password: 'Valid!pass1' };
  if (path.startsWith('/user/')) return { email: 'x@globex.example', role: 0 };
  if (path.startsWith('/organization/{id}') && !path.includes('domain'))
    return { name: 'Hijacked', firstname: 'Ha', lastname: 'Ck', email: 'h@h.example', language: 'en' };
  if (path.startsWith('/setting/') || path.startsWith('/preference/')) return { value: '1' };
  return {};
}
