import type { SearchResult } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloor } from '../../test-support/bookings.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.createUser({ email: 'nora.north@test.perch.local', firstname: 'Nora', lastname: 'North' });
  const floor = await createFloor(s, { desks: 1 });
  await s.admin.put(`/location/${floor.locationId}`, { name: 'North Wing', enabled: true });
  await s.admin.post(`/location/${floor.locationId}/space/`, { name: 'North corner desk' });
  await s.admin.post('/group/', { name: 'Northerners' });
});
afterAll(() => s.close());

const all = { includeUsers: '1', includeLocations: '1', includeSpaces: '1', includeGroups: '1' };

describe('global search', () => {
  it('finds users, areas, spaces and groups case-insensitively', async () => {
    const r = await s.admin.get<SearchResult>('/search/', { query: 'NORTH', ...all, expandLocations: '1' });
    expect(r.users.map((u) => u.email)).toEqual(['nora.north@test.perch.local']);
    expect(r.locations.map((l) => l.name)).toEqual(['North Wing']);
    expect(r.spaces).toEqual([
      expect.objectContaining({ name: 'North corner desk', location: expect.objectContaining({ name: 'North Wing' }) }),
    ]);
    expect(r.groups.map((g) => g.name)).toEqual(['Northerners']);
  });

  it('answers [] for categories not asked for or without hits', async () => {
    const r = await s.admin.get<SearchResult>('/search/', { query: 'zzz-nothing', ...all });
    expect(r).toEqual({ users: [], locations: [], spaces: [], groups: [] });
    const onlyUsers = await s.admin.get<SearchResult>('/search/', { query: 'north', includeUsers: '1' });
    expect(onlyUsers.locations).toEqual([]);
    expect(onlyUsers.users).toHaveLength(1);
  });

  it('refuses long queries and non-admins', async () => {
    expect(await statusOf(s.admin.get('/search/', { query: 'x'.repeat(65) }))).toBe(400);
    await s.createUser({ email: 'plain@test.perch.local' });
    const u = await s.signIn('plain@test.perch.local');
    expect(await statusOf(u.get('/search/', { query: 'north' }))).toBe(403);
  });

  it("matches LIKE wildcards literally and shows a space's area only with expandLocations", async () => {
    expect(await s.admin.get<SearchResult>('/search/', { query: '%', ...all })).toEqual({
      users: [],
      locations: [],
      spaces: [],
      groups: [],
    });
    expect(await s.admin.get<SearchResult>('/search/', { query: '_', ...all })).toEqual({
      users: [],
      locations: [],
      spaces: [],
      groups: [],
    });
    const plain = await s.admin.get<SearchResult>('/search/', { query: 'corner', includeSpaces: '1' });
    expect(plain.spaces).toEqual([{ id: expect.any(String), name: 'North corner desk' }]);
  });

  it('answers at most 50 hits per category, by name', async () => {
    await s.deps.db
      .insertInto('groups')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          organization_id: s.orgId,
          name: `Limit ${String(54 - i).padStart(2, '0')}`,
        })),
      )
      .execute();
    const r = await s.admin.get<SearchResult>('/search/', { query: 'limit', includeGroups: '1' });
    expect(r.groups.map((g) => g.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Limit ${String(i).padStart(2, '0')}`),
    );
  });
});
