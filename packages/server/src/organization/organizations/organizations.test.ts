import type { Domain, Organization } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const acme = { name: 'Acme Corp', firstname: 'Wile', lastname: 'Coyote', email: 'wile@acme.example', language: 'en' };

describe('organisations', () => {
  it('super admins create, list, read, update and delete organisations', async () => {
    const res = await s.admin.post('/organization/', acme);
    expect(res.status).toBe(201);
    const id = res.objectId!;
    const list = await s.admin.get<Organization[]>('/organization/');
    expect(list.map((o) => o.name)).toEqual(['Acme Corp', 'Test Org']);
    expect(await s.admin.get<Organization>(`/organization/${id}`)).toEqual({ id, ...acme });
    const upd = await s.admin.put<{ verifyUuid: string }>(`/organization/${id}`, { ...acme, name: 'Acme Inc.' });
    expect(upd.status).toBe(200);
    expect(upd.data).toEqual({ verifyUuid: '' });
    expect((await s.admin.get<Organization>(`/organization/${id}`)).name).toBe('Acme Inc.');
    // Deleting asks for a confirmation (organization-life-cycle.test.ts follows it through).
    const del = await s.admin.request<{ code: string }>('DELETE', `/organization/${id}`);
    expect(del.status).toBe(200);
    expect(del.data.code).toMatch(/^\d{6}$/);
    expect((await s.admin.get<Organization>(`/organization/${id}`)).id).toBe(id);
  });

  it('gives every new organisation the default settings', async () => {
    const id = (await s.admin.post('/organization/', acme)).objectId!;
    const rows = await s.deps.db
      .selectFrom('settings')
      .select(['name', 'value'])
      .where('organization_id', '=', id)
      .execute();
    expect(rows.find((r) => r.name === 'max_bookings_per_user')?.value).toBe('10');
    expect(rows.find((r) => r.name === 'default_timezone')?.value).toBe('Europe/Berlin');
  });

  it('validates the organisation body', async () => {
    expect(await statusOf(s.admin.post('/organization/', { ...acme, name: 'A' }))).toBe(400);
    expect(await statusOf(s.admin.post('/organization/', { ...acme, email: 'nope' }))).toBe(400);
    expect(await statusOf(s.admin.post('/organization/', { ...acme, language: 'xx' }))).toBe(400);
    expect(await statusOf(s.admin.post('/organization/', { ...acme, firstname: 'x@@@y' }))).toBe(400);
  });

  it('org admins read and update only their own organisation, and cannot list or create', async () => {
    await s.createUser({ email: 'oa@test.perch.local', role: 20 });
    const oa = await s.signIn('oa@test.perch.local');
    const other = (await s.admin.post('/organization/', acme)).objectId!;
    expect((await oa.get<Organization>(`/organization/${s.orgId}`)).name).toBe('Test Org');
    await oa.put(`/organization/${s.orgId}`, { ...acme, name: 'Renamed Org' });
    expect((await oa.get<Organization>(`/organization/${s.orgId}`)).name).toBe('Renamed Org');
    expect(await statusOf(oa.get(`/organization/${other}`))).toBe(404);
    expect(await statusOf(oa.put(`/organization/${other}`, acme))).toBe(404);
    expect(await statusOf(oa.get('/organization/'))).toBe(403);
    expect(await statusOf(oa.post('/organization/', acme))).toBe(403);
    expect(await statusOf(oa.request('DELETE', `/organization/${s.orgId}`))).toBe(403);
    await s.createUser({ email: 'sa@test.perch.local', role: 10 });
    const sa = await s.signIn('sa@test.perch.local');
    expect(await statusOf(sa.get(`/organization/${s.orgId}`))).toBe(403);
  });

  it('finds an organisation by an active domain (public)', async () => {
    const res = await fetch(`${s.url}/organization/domain/test.perch.local`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: s.orgId,
      name: 'Test Org',
      firstname: '',
      lastname: '',
      email: '',
      language: '',
    });
    expect((await fetch(`${s.url}/organization/domain/unknown.example`)).status).toBe(404);
  });
});

describe('domains', () => {
  it('a super admin adds an active domain at once; the first domain becomes primary', async () => {
    const id = (await s.admin.post('/organization/', acme)).objectId!;
    const res = await s.admin.post(`/organization/${id}/domain/Acme.Example`);
    expect(res.status).toBe(201);
    expect(res.objectId).toBe('acme.example');
    const domains = await s.admin.get<Domain[]>(`/organization/${id}/domain/`);
    expect(domains).toMatchObject([{ domain: 'acme.example', active: true, primary: true }]);
    expect((await fetch(`${s.url}/auth/org/acme.example`)).status).toBe(200);
  });

  it("an org admin's domain waits for verification and cannot be primary yet", async () => {
    await s.createUser({ email: 'oa@test.perch.local', role: 20 });
    const oa = await s.signIn('oa@test.perch.local');
    await oa.post(`/organization/${s.orgId}/domain/pending.example`);
    const d = (await oa.get<Domain[]>(`/organization/${s.orgId}/domain/`)).find((x) => x.domain === 'pending.example')!;
    expect(d).toMatchObject({ active: false, primary: false });
    expect(d.verifyToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(await statusOf(oa.post(`/organization/${s.orgId}/domain/pending.example/primary`))).toBe(400);
    expect(await statusOf(oa.post(`/organization/${s.orgId}/domain/pending.example/verify`))).toBe(400);
    expect((await fetch(`${s.url}/auth/org/pending.example`)).status).toBe(404);
  });

  it('refuses a domain active elsewhere or already in the organisation (409), and bad names (400)', async () => {
    const id = (await s.admin.post('/organization/', acme)).objectId!;
    const err = await failure(s.admin.post(`/organization/${id}/domain/test.perch.local`));
    expect(err.status).toBe(409);
    await s.admin.post(`/organization/${id}/domain/acme.example`);
    expect(await statusOf(s.admin.post(`/organization/${id}/domain/acme.example`))).toBe(409);
    expect(await statusOf(s.admin.post(`/organization/${id}/domain/not_a_domain`))).toBe(400);
    expect(await statusOf(s.admin.post(`/organization/${id}/domain/-bad-.example`))).toBe(400);
  });

  it('switches the primary domain, keeps at least one domain and promotes another when the primary goes', async () => {
    await s.admin.post(`/organization/${s.orgId}/domain/second.example`);
    await s.admin.post(`/organization/${s.orgId}/domain/second.example/primary`);
    let list = await s.admin.get<Domain[]>(`/organization/${s.orgId}/domain/`);
    expect(list.filter((d) => d.primary).map((d) => d.domain)).toEqual(['second.example']);
    await s.admin.delete(`/organization/${s.orgId}/domain/second.example`);
    list = await s.admin.get<Domain[]>(`/organization/${s.orgId}/domain/`);
    expect(list).toMatchObject([{ domain: 'test.perch.local', primary: true }]);
    expect(await statusOf(s.admin.delete(`/organization/${s.orgId}/domain/test.perch.local`))).toBe(400);
    expect(await statusOf(s.admin.delete(`/organization/${s.orgId}/domain/never-there.example`))).toBe(200);
    expect(await statusOf(s.admin.post(`/organization/${s.orgId}/domain/never-there.example/primary`))).toBe(404);
  });

  it('answers the reachability probe (public) for an active domain only', async () => {
    const res = await fetch(`${s.url}/organization/domain/verify/Test.Perch.Local`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ domain: 'test.perch.local', orgID: s.orgId, status: 'ok' });
    await s.createUser({ email: 'oa@test.perch.local', role: 20 });
    const oa = await s.signIn('oa@test.perch.local');
    await oa.post(`/organization/${s.orgId}/domain/pending.example`);
    expect((await fetch(`${s.url}/organization/domain/verify/pending.example`)).status).toBe(404);
    expect((await fetch(`${s.url}/organization/domain/verify/unknown.example`)).status).toBe(404);
  });

  it("keeps other organisations' domains out of reach", async () => {
    const id = (await s.admin.post('/organization/', acme)).objectId!;
    await s.createUser({ email: 'oa@test.perch.local', role: 20 });
    const oa = await s.signIn('oa@test.perch.local');
    expect(await statusOf(oa.get(`/organization/${id}/domain/`))).toBe(404);
    expect(await statusOf(oa.post(`/organization/${id}/domain/x.example`))).toBe(404);
    expect(await statusOf(oa.delete(`/organization/${id}/domain/x.example`))).toBe(404);
  });
});
