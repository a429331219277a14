import { readFile } from 'node:fs/promises';
import { login, PerchClient, singleOrg } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { adminClient, book, createAreaWithSpaces, createUser, saveSettings, unique } from './support/api';
import { typeDate } from './support/date-field';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

/** Monday and Tuesday of next week (the statistics use UTC calendar weeks starting on Monday). */
function nextWeekDays(): { monday: string; tuesday: string } {
  const now = new Date();
  const isoWeekday = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 8 - isoWeekday));
  const tuesday = new Date(monday.getTime() + 86_400_000);
  return { monday: monday.toISOString().slice(0, 10), tuesday: tuesday.toISOString().slice(0, 10) };
}

test('the statistics dashboard shows the numbers of a known set of bookings and exports them as CSV', async ({
  page,
}) => {
  const admin = await adminClient();
  const areaName = unique('Stats floor');
  const {
    id: areaId,
    spaceIds: [desk1, desk2],
  } = await createAreaWithSpaces(admin, { name: areaName, timezone: 'Europe/Berlin' }, [
    { name: 'Desk S1', x: 40, y: 40, width: 120, height: 80 },
    { name: 'Desk S2', x: 200, y: 40, width: 120, height: 80 },
  ]);
  const email = `${unique('stats').replace(/\s+/g, '.').toLowerCase()}@perch.local`;
  const person = await createUser(admin, { firstname: 'Stella', lastname: 'Stats' }, email);
  const client = new PerchClient({ baseUrl: baseURL });
  await login(client, {
    email: person.email,
    password: person.password,
    organizationId: (await singleOrg(client)).organization.id,
  });
  const { monday, tuesday } = nextWeekDays();
  for (const [spaceId, day] of [
    [desk1, monday],
    [desk1, tuesday],
    [desk2, monday],
  ] as const) {
    await book(client, { spaceId, enter: `${day}T09:00:00Z`, leave: `${day}T17:00:00Z` });
  }
  // 3 × 8 h of 2 desks × 40 target hours (79 whole hours for a week that ends at 23:59:59) → 30 %.
  const load = await admin.call(routes.stats.load, { query: { location: areaId } });
  expect(load.spaceLoadNextWeek).toBe(30);

  await signInThroughUi(page);
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Statistics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();

  const summary = await admin.call(routes.stats.summary);
  const card = (label: string) =>
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) });
  await expect(card('Areas')).toContainText(String(summary.numLocations));
  await expect(card('Spaces')).toContainText(String(summary.numSpaces));
  await expect(card('Users')).toContainText(String(summary.numUsers));

  const weekdays = page.getByRole('region', { name: 'Bookings per weekday' });
  await weekdays.getByRole('textbox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Next week' }).click();
  // Other journeys leave many areas behind: type to find this one, as an admin of many would.
  await weekdays.getByRole('textbox', { name: 'Area' }).fill(areaName);
  await page.getByRole('option', { name: areaName }).click();
  await expect(weekdays.getByRole('row', { name: 'Monday 2' })).toBeAttached();
  await expect(weekdays.getByRole('row', { name: 'Tuesday 1' })).toBeAttached();
  await expect(weekdays.getByRole('row', { name: 'Wednesday 0' })).toBeAttached();

  const perArea = page.getByRole('region', { name: 'Utilisation per area' });
  await perArea.getByRole('textbox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Next week' }).click();
  await expect(perArea.getByRole('listitem').filter({ hasText: areaName })).toContainText('30%');

  const exportCard = page.getByRole('region', { name: 'Download bookings' });
  // The admin writes dates as YYYY-MM-DD (the default format preference).
  await typeDate(exportCard.getByRole('textbox', { name: 'From' }), monday);
  await typeDate(exportCard.getByRole('textbox', { name: 'To' }), tuesday);
  const downloading = page.waitForEvent('download');
  await exportCard.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`bookings-${monday}-${tuesday}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'id,user_email,user_firstname,user_lastname,area,space,enter,leave,approved,subject,checked_in_at,released_at,release_reason',
  );
  const ours = csv.split('\r\n').filter((line) => line.includes(areaName));
  expect(ours).toHaveLength(3);
  expect(ours.every((line) => line.includes(email))).toBe(true);
});

test('the dashboard says so when the statistics are hidden', async ({ page }) => {
  const admin = await adminClient();
  await saveSettings(admin, [{ name: 'hide_stats', value: '1' }]);
  try {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto('/ui/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Statistics are hidden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open settings' })).toBeVisible();
  } finally {
    await saveSettings(admin, [{ name: 'hide_stats', value: '0' }]);
  }
});
