import { SECRET_PREFERENCE_MASK, type Preference } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

async function user() {
  await s.createUser({ email: 'pref@test.perch.local' });
  return s.signIn('pref@test.perch.local');
}

describe('preferences', () => {
  it('new users get the default preferences, sorted by name', async () => {
    const u = await user();
    const list = await u.get<Preference[]>('/preference/');
    const byName = Object.fromEntries(list.map((p) => [p.name, p.value]));
    expect(byName).toMatchObject({
      enter_time: '1',
      workday_start: '09:00',
      workdays: '1,2,3,4,5',
      booked_color: '#ff453a',
      use_24_hour_time: '1',
      week_start_day: '1',
    });
    expect(list.map((p) => p.name)).toEqual([...list.map((p) => p.name)].sort());
    // The organisation's default turns mail notifications on.
    expect(byName.mail_notifications).toBe('1');
  });

  it('reads one preference; unknown names and names without a value are 404', async () => {
    const u = await user();
    expect(await u.get('/preference/workday_end')).toBe('17:00');
    expect(await statusOf(u.get('/preference/no_such'))).toBe(404);
    expect(await statusOf(u.get('/preference/caldav_url'))).toBe(404);
  });

  it('validates values by type', async () => {
    const u = await user();
    await u.put('/preference/booked_color', { value: '#123abc' });
    expect(await u.get('/preference/booked_color')).toBe('#123abc');
    const bad: [string, string][] = [
      ['booked_color', 'red'],
      ['workday_start', '25:00'],
      ['workdays', '5,1'],
      ['week_start_day', '3'],
      ['enter_time', '9'],
      ['date_format', 'YYYY'],
      ['use_24_hour_time', 'yes'],
      ['location_id', 'not-a-uuid'],
      ['mail_language', 'xx'],
      ['mail_language', 'fr-CA'],
      ['timezone', 'Mars/Olympus_Mons'],
      ['timezone', '../etc/passwd'],
    ];
    for (const [name, value] of bad) expect(await statusOf(u.put(`/preference/${name}`, { value })), name).toBe(400);
    expect(await statusOf(u.put('/preference/nope', { value: '1' }))).toBe(404);
    expect(await statusOf(u.put('/preference/caldav_url', { value: 'x'.repeat(257) }))).toBe(400);
  });

  it("keeps the user's own time zone: a name from the server's list, or empty for the device's zone", async () => {
    const u = await user();
    expect(await statusOf(u.get('/preference/timezone'))).toBe(404);
    await u.put('/preference/timezone', { value: 'America/New_York' });
    expect(await u.get('/preference/timezone')).toBe('America/New_York');
    const zones = await u.get<string[]>('/setting/timezones');
    expect(zones).toContain('America/New_York');
    await u.put('/preference/', [{ name: 'timezone', value: '' }]);
    expect(await u.get('/preference/timezone')).toBe('');
  });

  it('applies a bulk write all-or-nothing', async () => {
    const u = await user();
    expect(
      await statusOf(
        u.put('/preference/', [
          { name: 'workday_start', value: '08:00' },
          { name: 'workday_end', value: 'late' },
        ]),
      ),
    ).toBe(400);
    expect(await u.get('/preference/workday_start')).toBe('09:00');
    expect(await statusOf(u.put('/preference/', [{ name: 'nope', value: '1' }]))).toBe(404);
    // The calendar's preferences are set only by connecting (checked against the calendar server).
    expect(
      await statusOf(
        u.put('/preference/', [
          { name: 'workday_start', value: '08:00' },
          { name: 'caldav_pass', value: 'calendar-secret' },
        ]),
      ),
    ).toBe(400);
    expect(await u.get('/preference/workday_start')).toBe('09:00');
    await u.put('/preference/', [{ name: 'workday_start', value: '08:00' }]);
    expect(await u.get('/preference/workday_start')).toBe('08:00');
    // As a connection stores it:
    await s.deps.db
      .insertInto('user_preferences')
      .values({
        user_id: (await u.get<{ id: string }>('/user/me')).id,
        name: 'caldav_pass',
        value: s.deps.secrets.encrypt('calendar-secret'),
      })
      .execute();
    // Stored encrypted and never returned: reads show that it is set.
    expect(await u.get('/preference/caldav_pass')).toBe(SECRET_PREFERENCE_MASK);
    expect(
      (await u.get<{ name: string; value: string }[]>('/preference/')).find((p) => p.name === 'caldav_pass'),
    ).toEqual({ name: 'caldav_pass', value: SECRET_PREFERENCE_MASK });
    const stored = async () =>
      (
        await s.deps.db
          .selectFrom('user_preferences')
          .select('value')
          .where('name', '=', 'caldav_pass')
          .executeTakeFirstOrThrow()
      ).value;
    const encrypted = await stored();
    expect(encrypted).not.toContain('calendar-secret');
    expect(s.deps.secrets.decrypt(encrypted)).toBe('calendar-secret');
    // A client saving back what it read keeps the secret.
    await u.put('/preference/', [{ name: 'caldav_pass', value: SECRET_PREFERENCE_MASK }]);
    await u.put('/preference/caldav_pass', { value: SECRET_PREFERENCE_MASK });
    expect(s.deps.secrets.decrypt(await stored())).toBe('calendar-secret');
    await u.put('/preference/caldav_pass', { value: '' });
    expect(await u.get('/preference/caldav_pass')).toBe('');
  });

  it('belong to their user only', async () => {
    const u = await user();
    await u.put('/preference/workday_start', { value: '07:30' });
    expect(await s.admin.get('/preference/workday_start')).toBe('09:00');
  });
});
