import type { Buddy, UserStub } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, wall } from '../../test-support/bookings.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { createOrganization } from '../../test-support/organizations.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

async function people() {
  const aliceId = await s.createUser({ email: 'alice@test.perch.local', firstname: 'Alice', lastname: 'Smith' });
  await s.createUser({ email: 'bob@test.perch.local', firstname: 'Bob', lastname: 'Jones' });
  return { aliceId, alice: await s.signIn('alice@test.perch.local'), bob: await s.signIn('bob@test.perch.local') };
}

describe('buddies', () => {
  it('are off unless names are shown, and off again with disable_buddies', async () => {
    const { bob } = await people();
    expect(await statusOf(bob.get('/buddy/'))).toBe(403);
    await setSettings(s, { show_names: '1' });
    expect(await bob.get('/buddy/')).toEqual([]);
    await setSettings(s, { disable_buddies: '1' });
    expect(await statusOf(bob.get('/buddy/'))).toBe(403);
  });

  it('are added (POST or PUT, idempotent), listed with their next booking, found by search and removed', async () => {
    await setSettings(s, { show_names: '1' });
    const { aliceId, alice, bob } = await people();
    const floor = await createFloor(s, { desks: 1 });
    await book(alice, floor.spaces[0]!, wall('Europe/Berlin', 2, 9), wall('Europe/Berlin', 2, 17));
    const hits = await bob.get<UserStub[]>('/buddy/search', { q: 'ali' });
    expect(hits.map((h) => h.email)).toEqual(['alice@test.perch.local']);
    expect(await bob.get('/buddy/search', { q: 'al' })).toEqual([]);
    const first = await bob.post('/buddy/', { buddyId: aliceId });
    const again = await bob.put('/buddy/', { buddyId: aliceId });
    expect(first.status).toBe(201);
    expect(again.objectId).toBe(first.objectId);
    const list = await bob.get<Buddy[]>('/buddy/');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ buddyId: aliceId, buddyEmail: 'alice@test.perch.local', buddyFirstname: 'Alice' });
    expect(list[0]!.buddyFirstBooking).toMatchObject({ desk: 'Desk 1', enter: wall('Europe/Berlin', 2, 9) });
    expect(await statusOf(alice.delete(`/buddy/${first.objectId}`))).toBe(403);
    await bob.delete(`/buddy/${first.objectId}`);
    expect(await bob.get('/buddy/')).toEqual([]);
  });

  it('refuses yourself and users of another organisation', async () => {
    await setSettings(s, { show_names: '1' });
    const { bob } = await people();
    const me = await bob.get<{ id: string }>('/user/me');
    expect(await statusOf(bob.post('/buddy/', { buddyId: me.id }))).toBe(400);
    const { id: org } = await createOrganization(s);
    const stranger = await s.createUser({ email: 'stranger@o.example', organizationId: org });
    expect(await statusOf(bob.post('/buddy/', { buddyId: stranger }))).toBe(400);
  });

  it('search leaves out the caller and service accounts, trims, needs 3 to 64 characters and escapes wildcards', async () => {
    await setSettings(s, { show_names: '1' });
    const { bob } = await people();
    await s.deps.db
      .insertInto('users')
      .values({
        organization_id: s.orgId,
        email: 'robot@test.perch.local',
        role: 21,
        password_hash: null,
        auth_provider_id: null,
        atlassian_id: null,
        last_activity_at: null,
        totp_secret: null,
        api_token_hash: null,
      })
      .execute();
    const emails = async (q: string) => (await bob.get<UserStub[]>('/buddy/search', { q })).map((h) => h.email);
    expect(await emails('test.perch')).toEqual(['alice@test.perch.local']);
    expect(await emails('  smi  ')).toEqual(['alice@test.perch.local']);
    expect(await emails('%%%')).toEqual([]);
    expect(await emails('a'.repeat(65))).toEqual([]);
  });
});
