import type { Setting } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { createOrganization } from '../../test-support/organizations.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const names = (list: Setting[]) => list.map((x) => x.name);

async function asUser(role: number) {
  const email = `r${role}@test.perch.local`;
  await s.createUser({ email, role });
  return s.signIn(email);
}

describe('reading settings', () => {
  it('members see the public settings and the system values; admins also the admin ones', async () => {
    const user = await asUser(0);
    const pub = await user.get<Setting[]>('/setting/');
    expect(names(pub)).toContain('max_bookings_per_user');
    expect(names(pub)).toContain('_sys_version');
    expect(names(pub)).toContain('_sys_org_primary_domain');
    expect(names(pub)).not.toContain('allow_any_user');
    expect(names(pub)).not.toContain('_sys_install_id');
    expect(names(pub)).not.toContain('_sys_admin_menu_items');
    const admin = await s.admin.get<Setting[]>('/setting/');
    expect(names(admin)).toEqual(
      expect.arrayContaining(['allow_any_user', 'booking_retention_days', '_sys_install_id', '_sys_admin_menu_items']),
    );
    expect(admin.find((x) => x.name === '_sys_org_primary_domain')?.value).toBe('test.perch.local');
    const sa = await asUser(10);
    expect(names(await sa.get<Setting[]>('/setting/'))).toContain('_sys_admin_menu_items');
  });

  it('reads one setting as a JSON string; admin-only and unknown names are 403 for members', async () => {
    const user = await asUser(0);
    expect(await user.get('/setting/max_days_in_advance')).toBe('14');
    expect(await user.get('/setting/_sys_org_language')).toBe('en');
    expect(await statusOf(user.get('/setting/allow_any_user'))).toBe(403);
    expect(await statusOf(user.get('/setting/no_such_setting'))).toBe(403);
    expect(await s.admin.get('/setting/allow_any_user')).toBe('1');
    expect(await statusOf(s.admin.get('/setting/kiosk_access_secret'))).toBe(404);
  });

  it('lists the time zones', async () => {
    const zones = await s.admin.get<string[]>('/setting/timezones');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('Australia/Lord_Howe');
    expect(zones.length).toBeGreaterThan(300);
  });
});

describe('writing settings', () => {
  it('checks types and ranges', async () => {
    await s.admin.put('/setting/max_days_in_advance', { value: '30' });
    expect(await s.admin.get('/setting/max_days_in_advance')).toBe('30');
    expect(await statusOf(s.admin.put('/setting/max_days_in_advance', { value: 'ten' }))).toBe(400);
    expect(await statusOf(s.admin.put('/setting/max_bookings_per_user', { value: '0' }))).toBe(400);
    expect(await statusOf(s.admin.put('/setting/booking_retention_days', { value: '29' }))).toBe(400);
    expect(await statusOf(s.admin.put('/setting/show_names', { value: 'true' }))).toBe(400);
    expect(await statusOf(s.admin.put('/setting/show_names', { value: '' }))).toBe(400);
    expect(await statusOf(s.admin.put('/setting/default_timezone', { value: 'Mars/Olympus' }))).toBe(400);
    expect(await statusOf(s.admin.put('/setting/custom_logo_url', { value: 'javascript:alert(1)' }))).toBe(400);
    await s.admin.put('/setting/custom_logo_url', { value: '' });
    expect(await statusOf(s.admin.put('/setting/max_days_in_advance', { value: 'x'.repeat(300) }))).toBe(400);
  });

  it('refuses unknown and read-only names with 404, and non-admins with 403', async () => {
    expect(await statusOf(s.admin.put('/setting/no_such', { value: '1' }))).toBe(404);
    expect(await statusOf(s.admin.put('/setting/feature_groups', { value: '0' }))).toBe(404);
    expect(await statusOf(s.admin.put('/setting/_sys_version', { value: '9' }))).toBe(404);
    const sa = await asUser(10);
    expect(await statusOf(sa.put('/setting/show_names', { value: '1' }))).toBe(403);
    expect(await statusOf(sa.put('/setting/', [{ name: 'show_names', value: '1' }]))).toBe(403);
  });

  it('applies a bulk write all-or-nothing', async () => {
    const bad = await statusOf(
      s.admin.put('/setting/', [
        { name: 'show_names', value: '1' },
        { name: 'max_days_in_advance', value: '-1' },
      ]),
    );
    expect(bad).toBe(400);
    expect(await s.admin.get('/setting/show_names')).toBe('0');
    await s.admin.put('/setting/', [
      { name: 'show_names', value: '1' },
      { name: 'max_days_in_advance', value: '7' },
    ]);
    expect(await s.admin.get('/setting/show_names')).toBe('1');
    expect(await s.admin.get('/setting/max_days_in_advance')).toBe('7');
  });

  it('keeps secrets secret: reads show only whether they are set', async () => {
    await s.admin.put('/setting/kiosk_access_secret', { value: 'kiosk-pass-123' });
    expect(await s.admin.get('/setting/kiosk_access_secret')).toBe('1');
    const wikiSecret = 'shh-a-wiki-secret-of-32-bytes-or-more';
    await s.admin.put('/setting/confluence_server_shared_secret', { value: wikiSecret });
    expect(await s.admin.get('/setting/confluence_server_shared_secret')).toBe('1');
    const stored = await s.deps.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', 'confluence_server_shared_secret')
      .executeTakeFirst();
    expect(stored?.value).not.toContain(wikiSecret);
    await s.admin.put('/setting/kiosk_access_secret', { value: '' });
    expect(await statusOf(s.admin.get('/setting/kiosk_access_secret'))).toBe(404);
  });

  it("is scoped to the caller's organisation", async () => {
    const oa = (await createOrganization(s, { name: 'Other Org', language: 'de', adminEmail: 'oa@o.example' })).admin!;
    await oa.put('/setting/show_names', { value: '1' });
    expect(await s.admin.get('/setting/show_names')).toBe('0');
    expect(await oa.get('/setting/_sys_org_language')).toBe('de');
  });
});
