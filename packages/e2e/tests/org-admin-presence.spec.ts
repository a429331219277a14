import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  adminClient,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  type TestArea,
} from './support/booking-helpers';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';
import { typeDate } from './support/date-field';

/** `YYYY-MM-DD` a number of days after `date`. */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** How the app names a day for assistive technology: the short weekday and the user's date format (Y-m-d). */
function dayName(date: string): string {
  const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return `${weekday}, ${date}`;
}

interface Setup {
  area: TestArea;
  email: string;
  name: string;
  day: string;
  /** Days the report shows, from the booked one. */
  span: number;
}

/** A colleague with a booking tomorrow in a new area. */
async function colleagueBookedTomorrow(span: number): Promise<Setup> {
  const admin = await adminClient();
  const area = await createArea(admin, ['Desk P1']);
  const colleague = await createPerson(admin, 0, 'Presence');
  const day = areaDate(1);
  await book(await clientFor(colleague), {
    spaceId: area.spaces['Desk P1']!,
    enter: `${day}T09:00:00Z`,
    leave: `${day}T17:00:00Z`,
  });
  return { area, email: colleague.email, name: 'Presence Tester', day, span };
}

/** Statistics → Presence, narrowed to the colleague's area and `span` days from the booked one. */
async function openPresence(page: Page, s: Setup) {
  await page.getByRole('tab', { name: 'Presence' }).click();
  await expect(page.getByText('Up to 31 days at a time.')).toBeVisible();
  // Typed as the admin writes dates (YYYY-MM-DD, the default format preference).
  await typeDate(page.getByRole('textbox', { name: 'From', exact: true }), s.day);
  await typeDate(page.getByRole('textbox', { name: 'To', exact: true }), plusDays(s.day, s.span - 1));
  await page.getByRole('textbox', { name: 'Area' }).click();
  await page.getByRole('option', { name: s.area.name }).click();
}

async function expectColleagueOnTheDay(page: Page, s: Setup) {
  const daily = page.getByRole('region', { name: 'People in per day' });
  await expect(daily.getByText(`${dayName(s.day)}: 1 person`)).toBeAttached();
  await expect(daily.getByText(`${dayName(plusDays(s.day, 1))}: 0 people`)).toBeAttached();

  const grid = page.getByRole('table', { name: /^Bookings per person and day/ });
  const days = grid.getByRole('columnheader');
  await expect(days.nth(1)).toHaveAccessibleName(dayName(s.day));
  await expect(days.nth(2)).toHaveAccessibleName(dayName(plusDays(s.day, 1)));
  const row = grid.getByRole('row', { name: new RegExp(s.email.replace(/[.+]/g, '\\$&')) });
  await expect(row.getByRole('rowheader')).toContainText(s.name);
  const cells = row.getByRole('cell');
  await expect(cells).toHaveText(['1 booking', ...Array<string>(s.span - 1).fill('No booking'), '1']);
  await expect(page.getByText('1 person shown')).toBeVisible();
}

async function downloadCsv(page: Page, s: Setup) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`presence-${s.day}-${plusDays(s.day, s.span - 1)}.csv`);
  const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  const days = Array.from({ length: s.span }, (_, i) => plusDays(s.day, i));
  expect(csv[0]).toBe(`email,firstname,lastname,${days.join(',')},days`);
  const counts = days.map((_, i) => (i === 0 ? 1 : 0));
  expect(csv.slice(1).filter(Boolean)).toEqual([`${s.email},Presence,Tester,${counts.join(',')},1`]);
}

test('an admin sees on the presence report who is in on which day and downloads it as CSV', async ({ page }) => {
  const s = await colleagueBookedTomorrow(3);
  await signInThroughUi(page);
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Statistics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await openPresence(page, s);
  await expectColleagueOnTheDay(page, s);
  await downloadCsv(page, s);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the grid scrolls sideways beside the names and still downloads', async ({ page }) => {
    const s = await colleagueBookedTomorrow(14);
    await signInThroughUi(page);
    await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
    await page.goto('/ui/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    await openPresence(page, s);
    await expectColleagueOnTheDay(page, s);
    // The page itself does not scroll sideways; the grid does, and the names stay in view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const grid = page.getByRole('region', { name: /^Bookings per person and day/ });
    expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await grid.scrollIntoViewIfNeeded();
    await grid.evaluate((el) => el.scrollBy({ left: 400 }));
    expect(await grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // The first days went out of sight on the left; the name stayed where it was.
    const gridBox = (await grid.boundingBox())!;
    const firstDay = (await grid.getByRole('columnheader').nth(1).boundingBox())!;
    expect(firstDay.x).toBeLessThan(gridBox.x);
    const name = grid.getByRole('rowheader').filter({ hasText: s.name });
    await expect(name).toBeInViewport();
    expect(Math.abs((await name.boundingBox())!.x - gridBox.x)).toBeLessThan(2);
    await downloadCsv(page, s);
  });
});
