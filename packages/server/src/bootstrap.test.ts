import type { Organization, UserMe } from '@perch/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/server.js';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function firstAdmin(server: TestServer): Promise<{ me: UserMe; org: Organization }> {
  const me = (await server.admin.get('/user/me')) as UserMe;
  const org = (await server.admin.get(`/organization/${server.orgId}`)) as Organization;
  return { me, org };
}

describe('first start', () => {
  it('calls the first admin "Administrator" unless INIT_ADMIN_FIRSTNAME/LASTNAME say otherwise', async () => {
    s = await startTestServer();
    const { me, org } = await firstAdmin(s);
    expect([me.firstname, me.lastname]).toEqual(['Administrator', '']);
    // The admin is the organisation's contact person too.
    expect([org.firstname, org.lastname]).toEqual(['Administrator', '']);
    expect(JSON.stringify({ me, org })).not.toMatch(/Organization Admin/);
  });

  it('names the first admin and the contact person from INIT_ADMIN_FIRSTNAME and INIT_ADMIN_LASTNAME', async () => {
    s = await startTestServer({ INIT_ADMIN_FIRSTNAME: ' Ada ', INIT_ADMIN_LASTNAME: 'Lovelace-Byron' });
    const { me, org } = await firstAdmin(s);
    expect([me.firstname, me.lastname]).toEqual(['Ada', 'Lovelace-Byron']);
    expect([org.firstname, org.lastname]).toEqual(['Ada', 'Lovelace-Byron']);
  });
});
