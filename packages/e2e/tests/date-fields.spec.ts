import AxeBuilder from '@axe-core/playwright';
import { Role, routes } from '@perch/contract/values';
import { expect, test, type Page } from '@playwright/test';
import { adminClient, createUser, unique } from './support/api';
import { areaDate, book, clientFor, createArea, createPerson } from './support/booking-helpers';
import { asTyped, openCalendar, pickDate, typeDate, type DateFormat } from './support/date-field';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

/**
 * The date fields of the administration (bookings, sign-in log) show, read and offer dates in each
 * user's date format and week, not the browser's.
 */

interface Person {
  title: string;
  format: DateFormat;
  preferences: Record<string, string>;
  /** A booking from 10:00 to 11:00 on the user's clock. */
  bookedTime: RegExp;
  /** The first weekday column of the calendar. */
  weekStart: string;
  /** Text in the user's format that is no date. */
  noDate: string;
}

const PEOPLE: Person[] = [
  {
    title: 'ISO dates, 24-hour clock, weeks from Monday',
    format: 'Y-m-d',
    preferences: { date_format: 'Y-m-d', use_24_hour_time: '1', week_start_day: '1' },
    bookedTime: /10:00 – 11:00/,
    weekStart: 'Mo',
    noDate: '2026-02-30',
  },
  {
    title: 'US dates, 12-hour clock, weeks from Sunday',
    format: 'm/d/Y',
    preferences: { date_format: 'm/d/Y', use_24_hour_time: '0', week_start_day: '0' },
    bookedTime: /10:00\sAM – 11:00\sAM/,
    weekStart: 'Su',
    noDate: '13/01/2026',
  },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** An org admin with the person's formats (and the organisation's zone, so "today" is the areas' today). */
async function orgAdminWith(person: Person) {
  const admin = await adminClient();
  const name = unique('Dates').replace(/\s+/g, '');
  const user = await createUser(
    admin,
    { firstname: 'Dana', lastname: name },
    `${name.toLowerCase()}@perch.local`,
    Role.OrgAdmin,
  );
  const own = await clientFor(user);
  for (const [key, value] of Object.entries({ ...person.preferences, timezone: 'Europe/Berlin' }))
    await own.call(routes.preference.set, { params: { name: key }, body: { value } });
  return user;
}

/** The open calendar's first weekday (the weekday row is hidden from assistive technology, so by its cells). */
const firstWeekday = (page: Page) => openCalendar(page).locator('th').first();

for (const viewport of VIEWPORTS)
  for (const person of PEOPLE)
    test(`${person.title} (${viewport.name}): the admin filters show, read and offer dates in the user’s format`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const admin = await adminClient();
      const area = await createArea(admin, ['Desk D1']);
      const booker = await createPerson(admin, 0, 'Dated');
      const early = areaDate(3);
      const later = areaDate(5);
      const bookerClient = await clientFor(booker);
      for (const day of [early, later])
        await book(bookerClient, {
          spaceId: area.spaces['Desk D1']!,
          enter: `${day}T10:00:00Z`,
          leave: `${day}T11:00:00Z`,
        });
      const user = await orgAdminWith(person);
      const today = areaDate(0);
      await signInThroughUi(page, user.email, user.password);
      await expectSignedInLayout(page);

      // Administration › Bookings: the default week either side of today, in the user's format.
      await page.goto(`/ui/admin/bookings?area=${area.id}`);
      const from = page.getByRole('textbox', { name: 'From', exact: true });
      const to = page.getByRole('textbox', { name: 'To', exact: true });
      await expect(from).toHaveValue(asTyped(areaDate(-7), person.format));
      await expect(to).toHaveValue(asTyped(areaDate(7), person.format));
      await expect(page.getByRole('heading', { name: '2 bookings' })).toBeVisible();

      // The calendar starts the week on the user's day; a day is picked there, the other typed.
      await to.click();
      await expect(firstWeekday(page)).toHaveText(person.weekStart);
      await page.keyboard.press('Escape');
      await expect(openCalendar(page)).toHaveCount(0);
      await typeDate(from, asTyped(early, person.format));
      await pickDate(page, to, early, areaDate(7), person.format);
      await expect(page).toHaveURL(new RegExp(`from=${early}&to=${early}`));
      await expect(page.getByRole('heading', { name: '1 booking' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Bookings' });
      await expect(table.getByRole('row').nth(1)).toContainText(asTyped(early, person.format));
      await expect(table.getByRole('row').nth(1)).toContainText(person.bookedTime);

      // Text that is no date is said to be so, the field keeps its date and the list its filter.
      await typeDate(from, person.noDate);
      await from.press('Tab');
      await expect(page.getByRole('alert')).toHaveText(
        `“${person.noDate}” is not a date, so it was not used. Type the date as ${asTyped('YYYY-MM-DD', person.format)}.`,
      );
      await expect(from).toHaveValue(asTyped(early, person.format));
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(new RegExp(`from=${early}&to=${early}`));
      await expect(page.getByRole('heading', { name: '1 booking' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // The later day, typed in both fields.
      await typeDate(to, asTyped(later, person.format));
      await typeDate(from, asTyped(later, person.format));
      await expect(page).toHaveURL(new RegExp(`from=${later}&to=${later}`));
      await expect(page.getByRole('heading', { name: '1 booking' })).toBeVisible();
      await expect(table.getByRole('row').nth(1)).toContainText(asTyped(later, person.format));

      // Administration › Sign-in log: the user's own sign-in today, and none yesterday.
      await page.goto(`/ui/admin/audit?user=${encodeURIComponent(user.email)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign-in log' })).toBeVisible();
      const logFrom = page.getByRole('textbox', { name: 'From', exact: true });
      const logTo = page.getByRole('textbox', { name: 'To', exact: true });
      await expect(logTo).toHaveValue(asTyped(today, person.format));
      await expect(page.getByText(/ of \d+ sign-in attempts?$/)).toBeVisible();
      const yesterday = areaDate(-1);
      await typeDate(logFrom, asTyped(yesterday, person.format));
      await pickDate(page, logTo, yesterday, today, person.format);
      await expect(page).toHaveURL(new RegExp(`start=${yesterday}&end=${yesterday}`));
      await expect(page.getByRole('heading', { name: 'No sign-in attempts' })).toBeVisible();
      await typeDate(logTo, asTyped(today, person.format));
      await pickDate(page, logFrom, today, yesterday, person.format);
      await expect(page).toHaveURL(new RegExp(`start=${today}`));
      await expect(page.getByText(/ of \d+ sign-in attempts?$/)).toBeVisible();
      // Each attempt's time in the user's format: a table on wide screens, cards on phones.
      const attempts =
        viewport.name === 'phone'
          ? page.getByRole('list', { name: 'Sign-in log' }).getByRole('listitem')
          : page.getByRole('table', { name: 'Sign-in log' }).getByRole('row').nth(1);
      await expect(attempts.first()).toContainText(asTyped(today, person.format));
      expect(await seriousViolations(page)).toEqual([]);

      // With the calendar open, once it has faded in.
      await logTo.click();
      await expect(firstWeekday(page)).toHaveText(person.weekStart);
      await expect(openCalendar(page)).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page)).toEqual([]);
    });
