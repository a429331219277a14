import type { MergeRequest } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test-support/organizations.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';

/**
 * `GET /user/merge`: the signed-in user's incoming merge requests, for every role (the web
 * app's navigation bar asks on every page). Requests are written here as the embedded-mode
 * sign-in will write them: source, target and an expiry an hour ahead.
 */
let s: TestServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  await s.reset();
  for (const [name, role] of [
    ['target', 0],
    ['source', 0],
    ['old', 0],
    ['spaceadmin', 10],
    ['orgadmin', 20],
  ] as const)
    ids[name] = await s.createUser({ email: `${name}@test.perch.local`, role, password: TEST_PASSWORD });
  const globex = await createOrganization(s, {
    name: 'Globex',
    domain: 'globex.example',
    adminEmail: 'hank@globex.example',
  });
  ids.foreign = await s.createUser({ email: 'wiki@globex.example', organizationId: globex.id });
  const hour = 3600 * 1000;
  await s.deps.db
    .insertInto('merge_requests')
    .values([
      { source_user_id: ids.source!, target_user_id: ids.target!, expires_at: new Date(Date.now() + hour) },
      // Expired a minute ago, not yet purged.
      { source_user_id: ids.old!, target_user_id: ids.target!, expires_at: new Date(Date.now() - 60_000) },
      // Written across organisations by mistake: never shown.
      { source_user_id: ids.foreign!, target_user_id: ids.target!, expires_at: new Date(Date.now() + hour) },
    ])
    .execute();
});
afterAll(() => s.close());

describe('incoming merge requests', () => {
  it('lists the pending requests addressed to the caller with the source account', async () => {
    const target = await s.signIn('target@test.perch.local');
    const list = await target.get<MergeRequest[]>('/user/merge');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ userId: ids.source, email: 'source@test.perch.local' });
    expect(list[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers [] to every other role and user, never 403 or 404', async () => {
    for (const email of ['source@test.perch.local', 'spaceadmin@test.perch.local', 'orgadmin@test.perch.local']) {
      const c = await s.signIn(email);
      expect(await c.get('/user/merge'), email).toEqual([]);
    }
    expect(await s.admin.get('/user/merge')).toEqual([]);
  });

  it('forgets requests whose accounts are deleted', async () => {
    await s.admin.delete(`/user/${ids.source}`);
    const target = await s.signIn('target@test.perch.local');
    expect(await target.get('/user/merge')).toEqual([]);
  });
});
