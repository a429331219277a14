import AxeBuilder from '@axe-core/playwright';
import type { PerchClient } from '@perch/client';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/mail';
import {
  adminClient,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  signInAs,
  weekdayOf,
  type TestArea,
} from './support/booking-helpers';
import { saveSettings, settingValue } from './support/api';
import { typeDate } from './support/date-field';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

/**
 * My bookings as a week and Administration › Bookings: the week places bookings by day and time
 * and acts on them; the admin list filters, pages and cancels anyone's booking with a reason that
 * reaches the person by mail.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until fades and slides (a dialog opening, a toast) are over, so axe sees the final colours. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function noHorizontalOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** Days from today to next week's Monday (the default week starts on Monday). */
function daysToNextMonday(): number {
  const today = weekdayOf(areaDate(0));
  return 7 - ((today + 6) % 7);
}

interface WeekSetup {
  area: TestArea;
  monday: string;
  wednesday: string;
  user: Awaited<ReturnType<typeof createPerson>>;
}

/** A user with two bookings next week: Monday 09:00–11:00 and Wednesday 14:00–16:00. */
async function weekWithTwoBookings(prefix: string): Promise<WeekSetup> {
  const admin = await adminClient();
  const area = await createArea(admin, ['Desk W1', 'Desk W2']);
  const user = await createPerson(admin, 0, prefix);
  const monday = areaDate(daysToNextMonday());
  const wednesday = areaDate(daysToNextMonday() + 2);
  const own = await clientFor(user);
  await book(own, { spaceId: area.spaces['Desk W1'], enter: `${monday}T09:00:00Z`, leave: `${monday}T11:00:00Z` });
  await book(own, {
    spaceId: area.spaces['Desk W2'],
    enter: `${wednesday}T14:00:00Z`,
    leave: `${wednesday}T16:00:00Z`,
    subject: 'Design review',
  });
  return { area, monday, wednesday, user };
}

/** The segmented control's option: its radio input is visually hidden, its label takes the click. */
const chooseView = (page: Page, view: 'List' | 'Week') =>
  page.getByRole('radiogroup', { name: 'Show bookings as' }).getByText(view, { exact: true }).click();

async function signInAsAdmin(page: Page) {
  await signInThroughUi(page);
  await expectSignedInLayout(page);
}

const block = (page: Page, desk: string) => page.getByRole('button', { name: new RegExp(`^${desk}, Booking floor`) });

test.describe('my bookings as a week', () => {
  test('places each booking in its day column at its time, moves between weeks and is remembered', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const { monday, wednesday, user } = await weekWithTwoBookings('Week');
    await signInAs(page, user);
    await page.goto('/ui/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await chooseView(page, 'Week');
    await expect(page.getByRole('button', { name: 'This week' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Previous week' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${monday} – `) })).toBeVisible();
    await expect(page.getByText('2 bookings in this week')).toBeVisible();
    const early = block(page, 'Desk W1');
    const late = block(page, 'Desk W2');
    await expect(early).toHaveAccessibleName(/, 09:00 – 11:00$/);
    await expect(late).toHaveAccessibleName(/, 14:00 – 16:00$/);

    // Each block stands in its day's column …
    const mondayHead = (await page.getByRole('heading', { level: 3, name: new RegExp(monday) }).boundingBox())!;
    const wednesdayHead = (await page.getByRole('heading', { level: 3, name: new RegExp(wednesday) }).boundingBox())!;
    const earlyBox = (await early.boundingBox())!;
    const lateBox = (await late.boundingBox())!;
    const centre = (b: { x: number; width: number }) => b.x + b.width / 2;
    expect(centre(earlyBox)).toBeGreaterThan(mondayHead.x);
    expect(centre(earlyBox)).toBeLessThan(mondayHead.x + mondayHead.width);
    expect(centre(lateBox)).toBeGreaterThan(wednesdayHead.x);
    expect(centre(lateBox)).toBeLessThan(wednesdayHead.x + wednesdayHead.width);
    // … below the day headings, five hours apart, each two hours tall.
    expect(earlyBox.y).toBeGreaterThan(mondayHead.y + mondayHead.height - 1);
    const hour = (lateBox.y - earlyBox.y) / 5;
    expect(hour).toBeGreaterThan(30);
    expect(earlyBox.height).toBeGreaterThan(hour * 2 - 6);
    expect(earlyBox.height).toBeLessThan(hour * 2 + 2);
    expect(Math.abs(lateBox.height - earlyBox.height)).toBeLessThan(1);

    // Weeks: one further is empty, back again, and back to this week.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByText('No bookings in this week.')).toBeVisible();
    await expect(early).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(early).toBeVisible();
    await page.getByRole('button', { name: 'This week' }).click();
    await expect(page.getByRole('button', { name: 'This week' })).toBeDisabled();

    // The chosen view stays after a reload.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    await chooseView(page, 'List');
    await expect(page.getByText('Design review')).toBeVisible();
  });

  test('a block offers the list’s actions: add to calendar, cancel (the focus moves on)', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const { user } = await weekWithTwoBookings('Week actions');
    await signInAs(page, user);
    await page.goto('/ui/bookings');
    await chooseView(page, 'Week');
    await page.getByRole('button', { name: 'Next week' }).click();

    // Blocks are buttons reached with the keyboard.
    await block(page, 'Desk W1').focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: /^Desk W1, / });
    await expect(details).toBeVisible();
    await expect(details.getByText('Booking floor', { exact: false })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Close' })).toBeVisible();
    const download = page.waitForEvent('download');
    await details.getByRole('button', { name: /^Add to calendar: Desk W1, / }).click();
    expect((await download).suggestedFilename()).toMatch(/\.ics$/);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(block(page, 'Desk W1')).toBeFocused();

    await block(page, 'Desk W2').click();
    await page
      .getByRole('dialog', { name: /^Desk W2, / })
      .getByRole('button', { name: /^Cancel booking of Desk W2, / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Cancel booking' });
    await expect(confirm.getByRole('button', { name: 'Close' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('The booking was cancelled.')).toBeVisible();
    await expect(block(page, 'Desk W2')).toHaveCount(0);
    await expect(page.getByText('1 booking in this week')).toBeVisible();
    // The block that was left takes the focus.
    await expect(block(page, 'Desk W1')).toBeFocused();
  });

  test('at phone width one day is shown under a day picker, without sideways scrolling', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { wednesday, user } = await weekWithTwoBookings('Week phone');
    await signInAs(page, user);
    await page.goto('/ui/bookings');
    await chooseView(page, 'Week');
    await page.getByRole('button', { name: 'Next week' }).click();
    const picker = page.getByRole('group', { name: 'Day' });
    await expect(picker.getByRole('button')).toHaveCount(7);
    // Next week opens on its first day with a booking: Monday.
    await expect(block(page, 'Desk W1')).toBeVisible();
    await expect(block(page, 'Desk W2')).toHaveCount(0);
    await picker.getByRole('button', { name: new RegExp(`${wednesday}, 1 booking$`) }).click();
    await expect(block(page, 'Desk W2')).toBeVisible();
    const box = (await block(page, 'Desk W2').boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    await noHorizontalOverflow(page);
    await block(page, 'Desk W2').click();
    const details = page.getByRole('dialog', { name: /^Desk W2, / });
    await expect(details.getByRole('button', { name: /^Cancel booking of Desk W2, / })).toBeVisible();
    const panel = (await details.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width);
    await noHorizontalOverflow(page);
  });

  for (const [viewport, colorScheme] of [
    [DESKTOP, 'light'],
    [PHONE, 'light'],
    [PHONE, 'dark'],
  ] as const)
    test(`the week view has no serious axe violations at ${viewport.width} px (${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const { user } = await weekWithTwoBookings(`Week axe ${viewport.width} ${colorScheme}`);
      await signInAs(page, user);
      await page.goto('/ui/bookings');
      await chooseView(page, 'Week');
      await page.getByRole('button', { name: 'Next week' }).click();
      await expect(block(page, 'Desk W1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await block(page, 'Desk W1').click();
      await expect(page.getByRole('dialog', { name: /^Desk W1, / })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
});

/** The admin list of one day and one area, as an address. */
const adminList = (day: string, area?: TestArea, extra = '') =>
  `/ui/admin/bookings?from=${day}&to=${day}${area ? `&area=${area.id}` : ''}${extra}`;

/** `count` one-hour bookings of `client` on `day`, spread over the area's desks from 06:00. */
async function manyBookings(client: PerchClient, area: TestArea, day: string, count: number) {
  const desks = Object.values(area.spaces);
  for (let i = 0; i < count; i++) {
    const desk = desks[i % desks.length]!;
    const hour = 6 + Math.floor(i / desks.length);
    const hh = String(hour).padStart(2, '0');
    const next = String(hour + 1).padStart(2, '0');
    await book(client, { spaceId: desk, enter: `${day}T${hh}:00:00Z`, leave: `${day}T${next}:00:00Z` });
  }
}

test.describe('administration › bookings', () => {
  test('lists the organisation’s bookings by dates, area and person, fifty to a page', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    const admin = await adminClient();
    const before = (await settingValue(admin, 'max_bookings_per_user')) || '10';
    await saveSettings(admin, [{ name: 'max_bookings_per_user', value: '200' }]);
    try {
      const area = await createArea(admin, ['Desk P1', 'Desk P2', 'Desk P3', 'Desk P4']);
      const other = await createArea(admin, ['Desk Q1']);
      const many = await createPerson(admin, 0, 'Pager');
      const one = await createPerson(admin, 0, 'Solo');
      const day = areaDate(3);
      await manyBookings(await clientFor(many), area, day, 51);
      const solo = await clientFor(one);
      await book(solo, { spaceId: area.spaces['Desk P1'], enter: `${day}T20:00:00Z`, leave: `${day}T21:00:00Z` });
      await book(solo, { spaceId: other.spaces['Desk Q1'], enter: `${day}T10:00:00Z`, leave: `${day}T11:00:00Z` });

      await signInAsAdmin(page);
      await page.goto('/ui/admin');
      await page
        .getByRole('link', { name: /^Bookings/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();

      // Dates (typed as the admin writes them: YYYY-MM-DD, the default) and area through the filters.
      const from = page.getByRole('textbox', { name: 'From', exact: true });
      const to = page.getByRole('textbox', { name: 'To', exact: true });
      await typeDate(from, day);
      await typeDate(to, day);
      await page.getByRole('textbox', { name: 'Area' }).click();
      await page.getByRole('option', { name: area.name }).click();
      await expect(page.getByText('Showing 1–50 of 52 bookings')).toBeVisible();
      const table = page.getByRole('table', { name: 'Bookings' });
      await expect(table.getByRole('row')).toHaveCount(51);
      await expect(page).toHaveURL(new RegExp(`area=${area.id}`));
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Showing 51–52 of 52 bookings')).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(table.getByRole('row').last()).toContainText('20:00 – 21:00');

      // One person, found by name.
      await page.getByRole('textbox', { name: 'Person' }).fill('Solo');
      await page.getByRole('option', { name: new RegExp(one.email.replace(/[.]/g, '\\.')) }).click();
      await expect(page.getByText('Showing 1–1 of 1 booking')).toBeVisible();
      await expect(table.getByRole('row').nth(1)).toContainText('Desk P1');
      // All areas: Solo's other booking too.
      await page.getByRole('textbox', { name: 'Area' }).click();
      await page.getByRole('option', { name: 'All areas' }).click();
      await expect(page.getByText('Showing 1–2 of 2 bookings')).toBeVisible();

      // Another day has none of them.
      await typeDate(to, areaDate(4));
      await typeDate(from, areaDate(4));
      await expect(page.getByRole('heading', { name: 'No bookings match these filters.' })).toBeVisible();
      // A reversed window is explained, and the list stays as it was.
      await typeDate(from, areaDate(6));
      await expect(page.getByText('The end date is before the start date.')).toBeVisible();
    } finally {
      await saveSettings(admin, [{ name: 'max_bookings_per_user', value: before }]);
    }
  });

  test('an admin cancels someone’s booking with a reason: the person’s mail quotes it', async ({ browser, page }) => {
    await page.setViewportSize(DESKTOP);
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk R1', 'Desk R2']);
    const carol = await createPerson(admin, 0, 'Carol');
    const day = areaDate(2);
    const carolClient = await clientFor(carol);
    await book(carolClient, { spaceId: area.spaces['Desk R1'], enter: `${day}T10:00:00Z`, leave: `${day}T12:00:00Z` });
    await book(carolClient, { spaceId: area.spaces['Desk R2'], enter: `${day}T13:00:00Z`, leave: `${day}T15:00:00Z` });
    await waitForMail(carol.email, 2);

    await signInAsAdmin(page);
    await page.goto(adminList(day, area));
    await expect(page.getByText('Showing 1–2 of 2 bookings')).toBeVisible();
    await page.getByRole('button', { name: /^Cancel the booking of Carol Tester: Desk R1, / }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog).toContainText('Carol Tester');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const reason = 'The second floor is closed for maintenance on that day.';
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('The booking of Carol Tester was cancelled.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Showing 1–1 of 1 booking')).toBeVisible();
    // The focus moves to the next booking's cancel button.
    await expect(page.getByRole('button', { name: /^Cancel the booking of Carol Tester: Desk R2, / })).toBeFocused();

    const mail = await waitForMail(carol.email, 3);
    expect(mail.subject).toMatch(/^Booking cancelled: Desk R1, /);
    expect(mail.text).toContain(`Reason: ${reason}`);

    // Carol's own list has the other booking only.
    const context = await browser.newContext();
    const carolPage = await context.newPage();
    await signInAs(carolPage, carol);
    await carolPage.goto('/ui/bookings');
    await expect(carolPage.getByRole('button', { name: /^Cancel booking of Desk R2, / })).toBeVisible();
    await expect(carolPage.getByRole('button', { name: /^Cancel booking of Desk R1, / })).toHaveCount(0);
    await context.close();

    // Cancelled without a reason: the mail has no reason line; the last row gone, the heading has the focus.
    await page.getByRole('button', { name: /^Cancel the booking of Carol Tester: Desk R2, / }).click();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('heading', { name: 'No bookings match these filters.' })).toBeFocused();
    const second = await waitForMail(carol.email, 4);
    expect(second.subject).toMatch(/^Booking cancelled: Desk R2, /);
    expect(second.text).not.toContain('Reason:');
  });

  for (const [viewport, colorScheme] of [
    [DESKTOP, 'light'],
    [DESKTOP, 'dark'],
    [PHONE, 'light'],
  ] as const)
    test(`the admin bookings screen has no serious axe violations and fits at ${viewport.width} px (${colorScheme})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const admin = await adminClient();
      const area = await createArea(admin, ['Desk X1']);
      const person = await createPerson(admin, 0, `Axe admin ${viewport.width} ${colorScheme}`);
      const day = areaDate(2);
      await book(await clientFor(person), {
        spaceId: area.spaces['Desk X1'],
        enter: `${day}T09:00:00Z`,
        leave: `${day}T10:00:00Z`,
        subject: 'Axe check',
      });
      await signInAsAdmin(page);
      await page.goto(adminList(day, area));
      await expect(page.getByText('Showing 1–1 of 1 booking')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await noHorizontalOverflow(page);
      await page.getByRole('button', { name: /^Cancel the booking of / }).click();
      await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
});

/** Screenshots for a human to look at (en, de, he at both widths): `BOOKINGS_SHOTS=1`, into /tmp/bookings-admin/. */
// Registered only when asked for.
if (process.env.BOOKINGS_SHOTS)
  test.describe('screenshots', () => {
    test('week view and admin list in three languages', async ({ page }) => {
      test.setTimeout(300_000);
      page.setDefaultTimeout(15_000);
      const { user, monday } = await weekWithTwoBookings('Shots');
      const admin = await adminClient();
      const area = await createArea(admin, ['Desk S1', 'Desk with a rather long name 2']);
      const person = await createPerson(admin, 0, 'Screenshot');
      const day = areaDate(2);
      const c = await clientFor(person);
      await book(c, {
        spaceId: area.spaces['Desk S1'],
        enter: `${day}T09:00:00Z`,
        leave: `${day}T12:00:00Z`,
        subject: 'Team day',
      });
      await book(c, {
        spaceId: area.spaces['Desk with a rather long name 2'],
        enter: `${day}T13:00:00Z`,
        leave: `${day}T17:30:00Z`,
      });
      /** Signs in (in English) as `who`, then switches the app to `lang`. */
      const signInIn = async (lang: string, who: 'user' | 'admin') => {
        await page.goto('/ui/login');
        await page.evaluate(() => {
          sessionStorage.clear();
          localStorage.removeItem('perch.refreshToken');
          localStorage.setItem('perch.language', 'en');
        });
        if (who === 'user') await signInAs(page, user);
        else await signInAsAdmin(page);
        await page.evaluate((l) => localStorage.setItem('perch.language', l), lang);
      };
      for (const lang of ['en', 'de', 'he']) {
        for (const viewport of [DESKTOP, PHONE]) {
          const tag = `${lang}-${viewport.width}`;
          await page.setViewportSize(viewport);
          await signInIn(lang, 'user');
          await page.goto(`/ui/bookings?week=${monday}`);
          await page.locator('.mantine-SegmentedControl-root label').nth(1).click();
          await page.locator('[data-week-block]').first().waitFor();
          await settled(page);
          await page.screenshot({ path: `/tmp/bookings-admin/week-${tag}.png`, fullPage: true });
          await page.locator('[data-week-block]').first().click();
          await page.getByRole('dialog').waitFor();
          await settled(page);
          await page.screenshot({ path: `/tmp/bookings-admin/week-details-${tag}.png` });
          await page.keyboard.press('Escape');
          await signInIn(lang, 'admin');
          await page.goto(adminList(day, area));
          await page.locator('[data-admin-booking]').first().waitFor();
          await settled(page);
          await page.screenshot({ path: `/tmp/bookings-admin/admin-${tag}.png`, fullPage: true });
          await page.locator('[data-admin-booking]').first().click();
          await page.getByRole('dialog').waitFor();
          await page.getByRole('dialog').getByRole('textbox').fill('x'.repeat(510));
          await settled(page);
          await page.screenshot({ path: `/tmp/bookings-admin/admin-cancel-${tag}.png` });
          await page.keyboard.press('Escape');
        }
      }
    });
  });
