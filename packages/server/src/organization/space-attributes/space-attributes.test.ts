import type { SpaceAttribute } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

describe('space attributes', () => {
  it('space admins create, update, list (by label) and delete attributes; type defaults to 1', async () => {
    const id = (await s.admin.post('/space-attribute/', { label: 'Window seat', spaceApplicable: true })).objectId!;
    await s.admin.post('/space-attribute/', { label: 'Accessible', type: 2, locationApplicable: true });
    const a = await s.admin.get<SpaceAttribute>(`/space-attribute/${id}`);
    expect(a).toMatchObject({ label: 'Window seat', type: 1, spaceApplicable: true, locationApplicable: false });
    await s.admin.put(`/space-attribute/${id}`, { label: 'Window', type: 3, spaceApplicable: true });
    expect((await s.admin.get<SpaceAttribute[]>('/space-attribute/')).map((x) => x.label)).toEqual([
      'Accessible',
      'Window',
    ]);
    await s.admin.delete(`/space-attribute/${id}`);
    expect(await statusOf(s.admin.get(`/space-attribute/${id}`))).toBe(404);
  });

  it('validates the body', async () => {
    expect(await statusOf(s.admin.post('/space-attribute/', { label: '' }))).toBe(400);
    expect(await statusOf(s.admin.post('/space-attribute/', { label: 'X', type: 4 }))).toBe(400);
  });

  it('members read, only space admins write', async () => {
    await s.admin.post('/space-attribute/', { label: 'Window' });
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    expect((await u.get<SpaceAttribute[]>('/space-attribute/')).length).toBe(1);
    expect(await statusOf(u.post('/space-attribute/', { label: 'Mine' }))).toBe(403);
  });
});
