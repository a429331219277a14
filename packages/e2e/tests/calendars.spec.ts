import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startRadicale, type RadicaleServer } from '../../server/src/test-support/radicale';
import { adminClient, areaDate, book, clientFor, createArea, createPerson, signInAs } from './support/booking-helpers';

/**
 * Calendars from the user's side: a CalDAV calendar on a real Radicale server (connect, the
 * background sync of a booking, test, disconnect removing Perch's events) and the personal
 * calendar feed (create, copy, fetch, reset). The server runs with CALDAV_POLL_SECONDS=1.
 */

const ALICE = { user: 'alice', password: 'Radicale!pass1' };

let radicale: RadicaleServer;

test.beforeAll(async () => {
  radicale = await startRadicale([{ ...ALICE, calendars: { work: 'Work', home: 'Home' } }]);
});

test.afterAll(async () => {
  await radicale?.close();
});

const caldavSection = (page: Page) => page.getByRole('region', { name: 'CalDAV calendar' });
const feedSection = (page: Page) => page.getByRole('region', { name: 'Calendar feed' });

async function openCalendarsTab(page: Page) {
  await page.goto('/ui/preferences?tab=calendars');
  await expect(page.getByRole('tab', { name: 'Notifications & calendars' })).toHaveAttribute('aria-selected', 'true');
  await expect(caldavSection(page).getByText(/^(Connected|Not connected|Sync problem)$/)).toBeVisible();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The whole page at `width`, in one tall window rather than a stitched full-page capture. */
async function screenshot(page: Page, path: string, width: number) {
  const before = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.min(Math.max(height, 740), 4000) });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  // Let the shell's transitions (navigation drawer, header) settle after the resize.
  await page.waitForTimeout(500);
  await page.screenshot({ path });
  if (before) await page.setViewportSize(before);
}

async function fillAccount(page: Page, password: string) {
  const caldav = caldavSection(page);
  await caldav.getByRole('textbox', { name: 'Server address' }).fill(radicale.url);
  await caldav.getByRole('textbox', { name: 'User name' }).fill(ALICE.user);
  await caldav.getByLabel(/^Password/).fill(password);
  await caldav.getByRole('button', { name: 'Find calendars' }).click();
}

test('a CalDAV calendar gets the bookings, and a calendar feed shares them', async ({ page, request, context }) => {
  const admin = await adminClient();
  const area = await createArea(admin, ['Desk Cal1']);
  const person = await createPerson(admin, 0, 'Calendar');
  await signInAs(page, person);
  await openCalendarsTab(page);
  const caldav = caldavSection(page);
  await expect(caldav.getByText('Not connected', { exact: true })).toBeVisible();

  // A wrong password: the server refuses, and the user is told to check the address and credentials.
  await fillAccount(page, 'not-the-password');
  const failure = caldav.getByRole('alert');
  await expect(failure).toContainText('Error connecting to the CalDAV server. Check URL and credentials.');
  await expect(failure).toContainText('refused the user name or password');

  // The right one: the account's calendars to choose from.
  await fillAccount(page, ALICE.password);
  await expect(caldav.getByText('2 calendars found.')).toBeVisible();
  await caldav.getByRole('textbox', { name: 'Calendar' }).click();
  await page.getByRole('option', { name: 'Work' }).click();
  await screenshot(page, test.info().outputPath('calendars-connect.png'), 1280);
  expect(await seriousViolations(page)).toEqual([]);
  await caldav.getByRole('button', { name: 'Connect' }).click();
  await expect(caldav.getByText('Connected', { exact: true })).toBeVisible();
  const facts = caldav.getByLabel('Connection');
  await expect(facts).toContainText(radicale.url);
  await expect(facts).toContainText(`/${ALICE.user}/work/`);
  await expect(facts).toContainText('Not yet');

  // A booking is written to the calendar in the background.
  const day = areaDate(3);
  await book(await clientFor(person), {
    spaceId: area.spaces['Desk Cal1']!,
    enter: `${day}T09:00:00Z`,
    leave: `${day}T17:00:00Z`,
    subject: 'Calendar journey',
  });
  await expect
    .poll(() => Object.values(radicale.events(ALICE.user, 'work')), { timeout: 20_000 })
    .toEqual([expect.stringContaining('Desk Cal1')]);
  await page.reload();
  await expect(facts).not.toContainText('Not yet');
  await expect(facts).toContainText(/Last sync\s*\u2068?\d{4}-\d{2}-\d{2}, \d{2}:\d{2}/);
  await expect(facts).toContainText('Nothing, all up to date');

  await caldav.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('The connection works: Perch reached your calendar.')).toBeVisible();

  // The calendar feed: created, copied, fetched like a calendar app would.
  const feed = feedSection(page);
  await expect(feed).toContainText('Google Calendar, Outlook or Apple Calendar');
  await feed.getByRole('button', { name: 'Create feed link' }).click();
  const link = feed.getByRole('textbox', { name: 'Feed link' });
  await expect(link).toHaveValue(/\/calendar-feed\/.+/);
  const address = await link.inputValue();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await feed.getByRole('button', { name: 'Copy link' }).click();
  await expect(feed.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(feed.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    address.replace(/^https?:/, 'webcal:'),
  );
  const ics = await request.get(address);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const body = await ics.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain('Desk Cal1');

  await screenshot(page, test.info().outputPath('calendars-desktop.png'), 1280);
  expect(await seriousViolations(page)).toEqual([]);

  // A new address: the old one stops working at once.
  await feed.getByRole('button', { name: 'Reset link' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset the feed link?' });
  await expect(confirm).toContainText('The current link stops working at once.');
  await confirm.getByRole('button', { name: 'Reset link' }).click();
  await expect(link).not.toHaveValue(address);
  await expect(confirm).toBeHidden();
  const renewed = await link.inputValue();
  expect((await request.get(address)).status()).toBe(404);
  expect((await request.get(renewed)).status()).toBe(200);

  // On a phone the tab fits the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(caldav.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, test.info().outputPath('calendars-phone.png'), 375);

  // My bookings: the booking as a calendar file.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ui/bookings');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Add to calendar: Desk Cal1, / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toContain('BEGIN:VEVENT');
  expect(file).toContain('Desk Cal1');
  await screenshot(page, test.info().outputPath('calendars-bookings.png'), 1280);
  await openCalendarsTab(page);

  // Disconnecting may take Perch's events out of the calendar again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await caldav.getByRole('button', { name: 'Disconnect' }).click();
  const disconnect = page.getByRole('dialog', { name: 'Disconnect the calendar?' });
  await disconnect.getByRole('checkbox', { name: 'Also remove the events Perch added to this calendar' }).check();
  await disconnect.getByRole('button', { name: 'Disconnect' }).click();
  await expect(caldav.getByText('1 event was removed from the calendar.')).toBeVisible();
  await expect(caldav.getByText('Not connected', { exact: true })).toBeVisible();
  expect(radicale.events(ALICE.user, 'work')).toEqual({});
});

test('the tab reads right to left in Hebrew and fits a phone', async ({ page }) => {
  const admin = await adminClient();
  const person = await createPerson(admin, 0, 'Ivrit');
  await signInAs(page, person);
  await page.evaluate(() => localStorage.setItem('perch.language', 'he'));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/ui/preferences?tab=calendars');
  await expect(page.getByRole('tab', { name: 'התראות ולוחות שנה' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByRole('region', { name: 'לוח שנה CalDAV' }).getByRole('button', { name: 'חיפוש לוחות שנה' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, test.info().outputPath('calendars-he-phone.png'), 375);

  // Dark mode.
  await page.evaluate(() => localStorage.setItem('perch.colorScheme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'חיפוש לוחות שנה' })).toBeVisible();
  await screenshot(page, test.info().outputPath('calendars-he-dark.png'), 375);
  expect(await seriousViolations(page)).toEqual([]);
});
