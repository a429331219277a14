import type { Group, User } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../context.js';
import { failure, statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { createOrganization } from '../../test-support/organizations.js';
import { addMembers, createGroup, groupMembers, listGroups, removeMembers } from './service.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

describe('groups', () => {
  it('org admins create, rename, list with member counts and delete groups', async () => {
    const id = (await s.admin.post('/group/', { name: 'Engineering' })).objectId!;
    await s.admin.put(`/group/${id}`, { name: 'Engineers' });
    const a = await s.createUser({ email: 'a@test.perch.local' });
    await s.admin.put(`/group/${id}/member`, [a]);
    const list = await s.admin.get<Group[]>('/group/');
    expect(list).toMatchObject([{ id, name: 'Engineers', userCount: 1, organizationId: s.orgId }]);
    expect((await s.admin.get<Group>(`/group/${id}`)).name).toBe('Engineers');
    await s.admin.delete(`/group/${id}`);
    expect(await statusOf(s.admin.get(`/group/${id}`))).toBe(404);
  });

  it('refuses a duplicate name, case-insensitively, with 409 + 4001, and short names with 400', async () => {
    await s.admin.post('/group/', { name: 'Sales' });
    const err = await failure(s.admin.post('/group/', { name: 'SALES' }));
    expect([err.status, err.appCode]).toEqual([409, 4001]);
    const other = (await s.admin.post('/group/', { name: 'Support' })).objectId!;
    const upd = await failure(s.admin.put(`/group/${other}`, { name: 'sales' }));
    expect([upd.status, upd.appCode]).toEqual([409, 4001]);
    expect(await statusOf(s.admin.post('/group/', { name: 'ab' }))).toBe(400);
  });

  it('adds members idempotently, lists and removes them; only users of the organisation', async () => {
    const id = (await s.admin.post('/group/', { name: 'Crew' })).objectId!;
    const a = await s.createUser({ email: 'a@test.perch.local' });
    const b = await s.createUser({ email: 'b@test.perch.local' });
    await s.admin.put(`/group/${id}/member`, [a, b]);
    await s.admin.put(`/group/${id}/member`, [a]);
    expect((await s.admin.get<User[]>(`/group/${id}/member`)).map((u) => u.email)).toEqual([
      'a@test.perch.local',
      'b@test.perch.local',
    ]);
    await s.admin.post(`/group/${id}/member/remove`, [a]);
    expect((await s.admin.get<User[]>(`/group/${id}/member`)).map((u) => u.email)).toEqual(['b@test.perch.local']);
    expect(await statusOf(s.admin.put(`/group/${id}/member`, ['00000000-0000-4000-8000-000000000000']))).toBe(400);
    expect(await statusOf(s.admin.put(`/group/${id}/member`, ['not-a-uuid']))).toBe(400);
  });

  it('deleting a user or a group removes the memberships', async () => {
    const id = (await s.admin.post('/group/', { name: 'Crew' })).objectId!;
    const a = await s.createUser({ email: 'a@test.perch.local' });
    await s.admin.put(`/group/${id}/member`, [a]);
    await s.admin.delete(`/user/${a}`);
    expect(await s.admin.get<User[]>(`/group/${id}/member`)).toEqual([]);
  });

  it('space admins read groups, org admins change them, users do neither', async () => {
    const id = (await s.admin.post('/group/', { name: 'Crew' })).objectId!;
    await s.createUser({ email: 'sa@test.perch.local', role: 10 });
    await s.createUser({ email: 'u@test.perch.local', role: 0 });
    const sa = await s.signIn('sa@test.perch.local');
    const u = await s.signIn('u@test.perch.local');
    expect((await sa.get<Group[]>('/group/')).length).toBe(1);
    expect(await statusOf(sa.post('/group/', { name: 'Mine' }))).toBe(403);
    expect(await statusOf(sa.delete(`/group/${id}`))).toBe(403);
    expect(await statusOf(sa.get(`/group/${id}/member`))).toBe(403);
    expect(await statusOf(u.get('/group/'))).toBe(403);
  });

  it("keeps other organisations' groups out of reach", async () => {
    const id = (await s.admin.post('/group/', { name: 'Crew' })).objectId!;
    const oa = (await createOrganization(s, { adminEmail: 'oa@o.example' })).admin!;
    expect(await oa.get('/group/')).toEqual([]);
    const attempts = [
      () => oa.get(`/group/${id}`),
      () => oa.put(`/group/${id}`, { name: 'Stolen' }),
      () => oa.delete(`/group/${id}`),
      () => oa.get(`/group/${id}/member`),
    ];
    for (const attempt of attempts) expect(await statusOf(attempt())).toBe(404);
    const mine = (await oa.post('/group/', { name: 'Crew' })).objectId!;
    const foreignUser = await s.createUser({ email: 'x@test.perch.local' });
    expect(await statusOf(oa.put(`/group/${mine}/member`, [foreignUser]))).toBe(400);
  });

  it('operations run without HTTP, with the same access rules', async () => {
    const authOf = async (email: string): Promise<AuthContext> => {
      const user = await s.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      return {
        userId: user.id,
        orgId: user.organization_id,
        email: user.email,
        role: user.role,
        sessionId: '',
        user,
        organization: { id: user.organization_id, name: '', language: 'en', primaryDomain: '' },
      };
    };
    const member = await s.createUser({ email: 'm@test.perch.local' });
    await s.createUser({ email: 'sa@test.perch.local', role: 10 });
    const admin = await authOf('admin@perch.test');
    const spaceAdmin = await authOf('sa@test.perch.local');
    const id = await createGroup(s.deps, admin, { name: 'Direct' });
    await addMembers(s.deps, admin, { id, userIds: [member.toUpperCase(), member] });
    expect((await groupMembers(s.deps, admin, id)).map((u) => u.id)).toEqual([member]);
    expect((await listGroups(s.deps, spaceAdmin)).map((g) => [g.name, g.user_count])).toEqual([['Direct', 1]]);
    await expect(createGroup(s.deps, spaceAdmin, { name: 'Mine' })).rejects.toMatchObject({ statusCode: 403 });
    await expect(groupMembers(s.deps, spaceAdmin, id)).rejects.toMatchObject({ statusCode: 403 });
    await removeMembers(s.deps, admin, { id, userIds: [member] });
    expect(await groupMembers(s.deps, admin, id)).toEqual([]);
  });
});
