import AxeBuilder from '@axe-core/playwright';
import type { PerchClient } from '@perch/client';
import { Role, routes } from '@perch/contract/values';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, unique, type TestUser } from './support/api';
import {
  adminClient,
  areaDate,
  clientFor,
  createArea,
  createPerson,
  searchUrl,
  signInAs,
  withSettings,
} from './support/booking-helpers';
import { ADMIN, signInThroughUi } from './support/sign-in';

/**
 * What a new user tripped over: dates and times in the user's formats, plurals, password
 * messages, named close buttons, the preferences save bar at phone width and the first admin's
 * name.
 *
 * `PERCH_SHOTS=1` also saves screenshots of the screens in English, German and Hebrew at both
 * widths to /tmp/polish/.
 */
const SHOTS = process.env.PERCH_SHOTS === '1';
// Screenshots in three languages at two widths take longer than a journey.
if (SHOTS) test.describe.configure({ timeout: 300_000 });
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** `2026-11-23, 23:30`: ISO date and the 24-hour clock, to the minute. */
const ISO_24 = /^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}$/;
/** The same with seconds, as the audit tables show it. */
const ISO_24_SECONDS = /^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}:\d{2}$/;
/** `11/23/2026, 11:30 PM`. */
const US_12 = /^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}\s(AM|PM)$/;
const ZONE = 'Asia/Tokyo';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Today's date in `zone`, as `YYYY-MM-DD`. */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

async function setPreferences(client: PerchClient, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values))
    await client.call(routes.preference.set, { params: { name }, body: { value } });
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `/tmp/polish/${name}.png`, fullPage: false });
}

/** Saves a screen in en, de and he at both widths (only with PERCH_SHOTS=1). */
async function shootLanguages(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  if (!SHOTS) return;
  for (const language of ['en', 'de', 'he']) {
    await page.evaluate((l) => localStorage.setItem('perch.language', l), language);
    for (const [width, size] of [
      [1280, WIDE],
      [375, PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await open();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/polish/${name}-${language}-${width}.png` });
    }
  }
  await page.evaluate(() => localStorage.setItem('perch.language', 'en'));
  await page.setViewportSize(WIDE);
}

/** The text of the cells of one table column (1-based), header excluded. */
async function columnTexts(table: Locator, column: number): Promise<string[]> {
  return (await table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts()).map((t) => t.trim());
}

test.describe('dates and times follow the user', () => {
  test('sessions, users › last activity, statistics and the audit tables use the 24-hour clock and ISO dates', async ({
    page,
  }) => {
    const admin = await adminClient();
    const email = `${unique('formats').replace(/\s+/g, '-').toLowerCase()}@perch.local`;
    const orgAdmin = await createUser(admin, { firstname: 'Iso', lastname: 'Clock' }, email, Role.OrgAdmin);
    const own = await clientFor(orgAdmin);
    await setPreferences(own, { use_24_hour_time: '1', date_format: 'Y-m-d', timezone: ZONE });
    await page.setViewportSize(WIDE);
    await signInAs(page, orgAdmin);

    // Preferences › Security: when each session signed in and was last active.
    await page.goto('/ui/preferences?tab=security');
    const sessions = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Signed in' }) });
    await expect(sessions.getByText('This device')).toBeVisible();
    const times = [...(await columnTexts(sessions, 2)), ...(await columnTexts(sessions, 3))];
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time).toMatch(ISO_24);
    const current = sessions.getByRole('row').filter({ hasText: 'This device' });
    await expect(current.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${todayIn(ZONE)}, `));
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'sessions-iso-1280');

    // Administration › Users: last activity.
    await page.goto('/ui/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const users = page.getByRole('table', { name: 'Users' });
    const row = users.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(3)).toHaveText(ISO_24);
    expect(await seriousViolations(page)).toEqual([]);

    // Statistics: when the figures were fetched.
    await page.goto('/ui/admin/dashboard');
    await expect(page.getByText(/^As of /)).toHaveText(/^As of \d{2}:\d{2}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // The sign-in log (audit): to the second.
    await page.goto('/ui/admin/audit');
    const log = page.getByRole('table', { name: 'Sign-in log' });
    await expect(log.getByRole('row').filter({ hasText: email }).first()).toBeVisible();
    for (const time of await columnTexts(log, 1)) expect(time).toMatch(ISO_24_SECONDS);
    expect(await seriousViolations(page)).toEqual([]);

    // Another choice changes every screen: the 12-hour clock and US dates.
    await setPreferences(own, { use_24_hour_time: '0', date_format: 'm/d/Y' });
    await page.goto('/ui/preferences?tab=security');
    await expect(sessions.getByText('This device')).toBeVisible();
    for (const time of await columnTexts(sessions, 2)) expect(time).toMatch(US_12);
    await page.goto('/ui/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await expect(row.getByRole('cell').nth(3)).toHaveText(US_12);
    await page.goto('/ui/admin/dashboard');
    await expect(page.getByText(/^As of /)).toHaveText(/^As of \d{1,2}:\d{2}\s(AM|PM)$/);
    await setPreferences(own, { use_24_hour_time: '1', date_format: 'Y-m-d' });

    await page.setViewportSize(PHONE);
    await page.goto('/ui/preferences?tab=security');
    await expect(sessions.getByText('This device')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shootLanguages(page, 'sessions', async () => {
      await page.goto('/ui/preferences?tab=security');
      await page.getByRole('table').last().scrollIntoViewIfNeeded();
    });
    await shootLanguages(page, 'users', async () => {
      await page.goto('/ui/admin/users');
      await page.getByRole('searchbox').first().fill(email);
    });
    await shootLanguages(page, 'dashboard', () => page.goto('/ui/admin/dashboard').then(() => undefined));
  });
});

test.describe('a number meets its noun in the right form', () => {
  test('a one-hour limit reads “1 hour”, one day “1 day”, in the search hint and the preferences', async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk P1']);
    const user = await createPerson(admin, 0, 'Plural');
    await signInAs(page, user);
    const restore = await withSettings(admin, { max_booking_duration_hours: '1', max_days_in_advance: '1' });
    try {
      const day = areaDate(1);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T11:00`));
      const hint = page.getByRole('alert').filter({ hasText: 'This time cannot be booked' });
      await expect(hint).toContainText('The maximum booking duration is 1 hour.');
      await expect(hint).not.toContainText('1 hours');

      const later = areaDate(5);
      await page.goto(searchUrl(area, `${later}T09:00`, `${later}T09:30`));
      await expect(hint).toContainText('Your booking must not be more than 1 day in advance.');

      // Reloaded with the new limits: the preferences compare the working hours with them.
      await page.goto('/ui/preferences');
      await expect(
        page.getByText('Your working hours are longer than the maximum booking duration of 1 hour.'),
      ).toBeVisible();
      await shootLanguages(page, 'plural-hint', () =>
        page.goto(searchUrl(area, `${day}T09:00`, `${day}T11:00`)).then(() => undefined),
      );
    } finally {
      await restore();
    }
  });
});

/** A person whose password an admin set: the first sign-in asks for a new one. */
async function personWithPendingPassword(admin: PerchClient): Promise<{ email: string; password: string }> {
  const email = `${unique('pending').replace(/\s+/g, '-').toLowerCase()}@perch.local`;
  const password = 'Initial!pass1';
  await admin.call(routes.user.create, {
    body: { firstname: 'Pending', lastname: 'Change', email, role: Role.User, password },
  });
  return { email, password };
}

const RULE = /^Password must be at least 8 characters/;

/**
 * Signs in with the password an admin set, up to the new-password step, in whatever language
 * (with `again`: submits it as the new password too).
 */
async function reachForcedChange(page: Page, person: { email: string; password: string }, again?: string) {
  await page.goto('/ui/login');
  await page.locator('input[type=email]').fill(person.email);
  await page.locator('button[type=submit]').click();
  await page.locator('input[type=password]').fill(person.password);
  await page.locator('button[type=submit]').click();
  await expect(page.locator('input[type=password]')).toHaveCount(2);
  if (!again) return;
  await page.locator('input[type=password]').nth(0).fill(again);
  await page.locator('input[type=password]').nth(1).fill(again);
  await page.locator('button[type=submit]').click();
}

test.describe('password messages say what is wrong, once', () => {
  test('the forced change refuses the current password with its own message', async ({ page }) => {
    const admin = await adminClient();
    const person = await personWithPendingPassword(admin);
    await signInThroughUi(page, person.email, person.password);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    await page.getByLabel(/^New password/).fill(person.password);
    await page.getByLabel(/^Repeat new password/).fill(person.password);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByText('Choose a password different from your current one.')).toBeVisible();
    // It meets the rule: the rule is only the help text, not the error.
    await expect(page.getByText(RULE)).toHaveCount(1);
    await expect(page).toHaveURL(/\/ui\/login/);
    expect(await seriousViolations(page)).toEqual([]);
    await shootLanguages(page, 'forced-change-same', () => reachForcedChange(page, person, person.password));
    await reachForcedChange(page, person);

    // A weak one shows the rule once, as the error.
    await page.getByLabel(/^New password/).fill('weak');
    await page.getByLabel(/^Repeat new password/).fill('weak');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByText(RULE)).toHaveCount(1);
    await expect(page.getByText('Choose a password different from your current one.')).toHaveCount(0);

    await page.getByLabel(/^New password/).fill('Brand!new2pw');
    await page.getByLabel(/^Repeat new password/).fill('Brand!new2pw');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('the user form shows the password rule once: as help, then as the error', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await signInThroughUi(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await page.goto('/ui/admin/users/new');
    await page.getByRole('textbox', { name: /^First name/ }).fill('Rule');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Once');
    await page.getByRole('textbox', { name: /^Email address/ }).fill(`rule-once-${Date.now()}@perch.local`);
    await expect(page.getByText(RULE)).toHaveCount(1);
    await page.getByLabel(/^Password/).fill('weak');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByRole('alert').filter({ hasText: RULE })).toBeVisible();
    await expect(page.getByText(RULE)).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    await shootLanguages(page, 'user-form-rule', async () => {
      await page.goto('/ui/admin/users/new');
      await page.locator('input[type=password]').fill('weak');
      await page.locator('button[type=submit]').click();
    });
  });
});

test.describe('every dialog close button has a name', () => {
  test('confirmations, dialogs and notifications can be closed by a button named Close', async ({ page }) => {
    const admin = await adminClient();
    const person = await createPerson(admin, 0, 'Closable');
    await page.setViewportSize(WIDE);
    await signInThroughUi(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    // A confirmation (the shared confirm dialog) in Administration › Users.
    await page.goto('/ui/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(person.email);
    await page
      .getByRole('row')
      .filter({ hasText: person.email })
      .getByRole('button', { name: /^Delete / })
      .click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(confirm).toBeHidden();

    // A form dialog: a new group.
    await page.goto('/ui/admin/groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'New group' });
    await expect(groupDialog.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'dialog-close-1280');
    await groupDialog.getByRole('button', { name: 'Close' }).click();
    await expect(groupDialog).toBeHidden();

    // The change-password confirmation in Preferences › Security.
    await page.goto('/ui/preferences?tab=security');
    await page.getByLabel(/^New password/).fill('Another!pass9');
    await page.getByLabel(/^Repeat new password/).fill('Another!pass9');
    await page.getByRole('button', { name: 'Change password' }).click();
    const change = page.getByRole('dialog', { name: 'Change password' });
    await expect(change.getByRole('button', { name: 'Close' })).toBeVisible();
    await change.getByRole('button', { name: 'Close' }).click();
    await expect(change).toBeHidden();

    // A notification: saving preferences.
    await page.goto('/ui/preferences?tab=display');
    await page.getByRole('switch', { name: '24-hour clock' }).click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    const saved = page.getByRole('alert').filter({ hasText: 'Your preferences were saved.' });
    await expect(saved.getByRole('button', { name: 'Close' })).toBeVisible();
    await saved.getByRole('button', { name: 'Close' }).click();
    await expect(saved).toBeHidden();
    // Back as it was.
    await page.getByRole('switch', { name: '24-hour clock' }).click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('All changes are saved.')).toBeVisible();

    await page.setViewportSize(PHONE);
    await page.goto('/ui/admin/groups');
    await page.getByRole('button', { name: 'New group' }).click();
    await expect(page.getByRole('dialog', { name: 'New group' }).getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shootLanguages(page, 'dialog-close', async () => {
      await page.goto('/ui/admin/groups');
      await page.getByRole('button', { name: /^(New group|Neue Gruppe|קבוצה חדשה)$/ }).click();
    });
  });
});

/** Whether the point at the centre of `field` (or of its label, for a hidden input) is the field itself. */
function centreIsField(field: Locator): Promise<boolean> {
  return field.evaluate((el) => {
    const input = el as HTMLInputElement;
    const labels = Array.from(input.labels ?? []);
    let rect = el.getBoundingClientRect();
    if (rect.width * rect.height < 4 && labels[0]) rect = labels[0].getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit) return false;
    return el.contains(hit) || labels.some((l) => l.contains(hit)) || (el.parentElement?.contains(hit) ?? false);
  });
}

test.describe('the preferences save bar covers nothing at phone width', () => {
  test('the last field of every tab, focused or scrolled to, shows above the bar', async ({ page }) => {
    const admin = await adminClient();
    const user: TestUser = await createPerson(admin, 0, 'Phone prefs');
    await page.setViewportSize(PHONE);
    await signInAs(page, user);

    const lastFields: Record<string, (p: Page) => Locator> = {
      booking: (p) => p.getByRole('checkbox', { name: 'Sun' }),
      display: (p) => p.getByRole('textbox', { name: 'Your time zone' }),
      colours: (p) => p.getByRole('button', { name: 'Reset to default colours' }),
      calendars: (p) => p.getByRole('button', { name: 'Create feed link' }),
    };
    for (const [tab, lastField] of Object.entries(lastFields)) {
      await page.goto(`/ui/preferences?tab=${tab}`);
      const field = lastField(page);
      await expect(field).toBeAttached();
      await expect(page.getByText('All changes are saved.')).toBeVisible();
      // Keyboard users reach it with Tab: focusing scrolls it into view.
      await page.evaluate(() => window.scrollTo(0, 0));
      await field.focus();
      await page.waitForTimeout(200);
      expect(await centreIsField(field), `${tab}: focused`).toBe(true);
      // Scrolled into view from below as well as to the end of the page.
      await field.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      expect(await centreIsField(field), `${tab}: scrolled into view`).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await centreIsField(field), `${tab}: page end`).toBe(true);
    }
    await shootLanguages(page, 'prefs-booking-focus', async () => {
      await page.goto('/ui/preferences?tab=booking');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.mantine-Chip-input').last().focus();
    });
  });
});

test.describe('the first admin has a name', () => {
  test('is called “Administrator” unless INIT_ADMIN_FIRSTNAME says otherwise', async ({ page }) => {
    await signInThroughUi(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('button', { name: 'Account menu of Administrator' })).toBeVisible();
    await page.goto('/ui/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
    await expect(
      page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: 'Administrator', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Organization Admin')).toHaveCount(0);
  });
});
