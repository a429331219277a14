import type { PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import {
  adminClient,
  AREA_ZONE,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  searchUrl,
  signInAs,
  type TestArea,
} from './support/booking-helpers';
import { mailsTo, type CaughtMail } from './support/mail';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

const PHONE = { width: 375, height: 740 };
/** Screenshots for looking at the screens (`CHECK_IN_SHOTS=1`), in /tmp/check-in/. */
const SHOTS = process.env.CHECK_IN_SHOTS === '1';

/** `at` as the area's wall clock, the way the API takes booking times. */
function wallTime(at: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: AREA_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:00Z`;
}

/** The area's check-in policy: scan only, from the start, missed a minute after it, then released. */
async function scanOnlyArea(admin: PerchClient): Promise<TestArea> {
  const area = await createArea(admin, ['Desk 1', 'Desk 2', 'Desk 3']);
  await admin.call(routes.location.update, {
    params: { id: area.id },
    body: {
      name: area.name,
      enabled: true,
      timezone: AREA_ZONE,
      checkinMode: 2,
      checkinOpensMinutes: 0,
      checkinGraceMinutes: 1,
      checkinRelease: true,
    },
  });
  return area;
}

async function codeLink(admin: PerchClient, area: TestArea, desk: string): Promise<string> {
  const tokens = await admin.call(routes.space.checkInTokens, { params: { locationId: area.id } });
  const token = tokens.find((t) => t.spaceId === area.spaces[desk])!.token;
  return `/ui/search?lid=${area.id}&sid=${area.spaces[desk]}&t=${token}`;
}

test.describe('the office day at phone width', () => {
  test.use({ viewport: PHONE });

  test('scan the code to check in; a missed check-in is released with a mail and the desk is free for a colleague; the last call gives a desk back', async ({
    page,
    browser,
  }) => {
    // The bookings start at the next whole minute that is at least a minute away (a booking
    // made less than the grace before its start counts as checked in), so the journey waits
    // for the start and then for the release.
    test.setTimeout(480_000);
    const admin = await adminClient();
    const area = await scanOnlyArea(admin);
    const ann = await createPerson(admin, 0, 'Ann Checkin');
    const bob = await createPerson(admin, 0, 'Bob Noshow');
    const dan = await createPerson(admin, 0, 'Dan Notcoming');
    const start = Math.ceil((Date.now() + 70_000) / 60_000) * 60_000;
    const slot = { enter: wallTime(start), leave: wallTime(start + 60 * 60_000) };
    await book(await clientFor(ann), { spaceId: area.spaces['Desk 1']!, ...slot });
    await book(await clientFor(bob), { spaceId: area.spaces['Desk 2']!, ...slot });
    await book(await clientFor(dan), { spaceId: area.spaces['Desk 3']!, ...slot });

    // Before the start: when the check-in opens and when the desk is released; no button, as
    // only the code at the desk checks in.
    await signInAs(page, ann);
    await page.goto('/ui/bookings');
    await expect(page.getByText(/^Check in from .+ · Released at .+ if you don't check in$/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Check in to / })).toHaveCount(0);
    await page.waitForTimeout(Math.max(0, start - Date.now() + 1_000));
    await expect(page.getByText('Scan the code at the space to check in')).toBeVisible({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: '/tmp/check-in/due-375.png', fullPage: true });

    // Scanning the desk's code (opening its link) checks Ann in.
    await page.goto(await codeLink(admin, area, 'Desk 1'));
    await expect(page.getByText('Checked in at Desk 1.')).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]t=/);
    await page.goto('/ui/bookings');
    await expect(page.getByText('Checked in', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Check out of Desk 1, / })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: '/tmp/check-in/checked-in-375.png', fullPage: true });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    // The map marks the desk of someone who checked in, and its legend says what the mark means.
    await page.goto(searchUrl(area, slot.enter.slice(0, 16), slot.leave.slice(0, 16)));
    await expect(page.getByRole('button', { name: /^Desk 1 — .*checked in/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Checked in');
    if (SHOTS) await page.screenshot({ path: '/tmp/check-in/map-checked-in-375.png', fullPage: true });

    // Dan won't come: the last call (due from the start, as the deadline is a minute later) has
    // no Check in button under scan only, but its I won't come button works in one tap on a
    // phone that is not signed in, before the release, and only once.
    let lastCall: CaughtMail | undefined;
    await expect
      .poll(
        async () => {
          lastCall = (await mailsTo(dan.email)).find((m) => m.subject.startsWith('Last call'));
          return lastCall?.subject;
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toMatch(/^Last call: Desk 3 is released at /);
    expect(lastCall!.text).toContain('To check in, scan the code at the space.');
    expect(lastCall!.text).not.toMatch(/\?do=in/);
    const notComing = /https?:\/\/\S+\?do=release/.exec(lastCall!.text)![0];
    const signedOut = await browser.newContext({ viewport: PHONE });
    try {
      const phone = await signedOut.newPage();
      await phone.goto(notComing);
      await expect(phone.getByRole('heading', { name: 'Desk 3 is free for others now.' })).toBeVisible();
      if (SHOTS) await phone.screenshot({ path: '/tmp/check-in/not-coming-375.png', fullPage: true });
      await phone.reload();
      await expect(phone.getByRole('alert')).toHaveText('This link has been used or has expired.');
    } finally {
      await signedOut.close();
    }

    // Bob never came: a minute after the start the job releases his booking and tells him.
    await expect
      .poll(
        async () => (await mailsTo(bob.email)).map((m) => m.subject).filter((s) => s.startsWith('Booking released')),
        {
          timeout: 150_000,
          intervals: [2_000],
        },
      )
      .toEqual([expect.stringMatching(/^Booking released: Desk 2, /)]);

    // Bob finds the released booking in his history.
    const bobs = await browser.newContext({ viewport: PHONE });
    try {
      const phone = await bobs.newPage();
      await signInAs(phone, bob);
      await phone.goto('/ui/bookings');
      await phone.getByRole('button', { name: 'Past bookings' }).click();
      const history = phone.getByRole('list', { name: 'Past bookings' });
      await expect(history.getByRole('listitem').filter({ hasText: 'Desk 2' })).toContainText(
        /Released at .+: nobody checked in/,
      );
      if (SHOTS) {
        await history.scrollIntoViewIfNeeded();
        await phone.screenshot({ path: '/tmp/check-in/history-375.png', fullPage: true });
      }
    } finally {
      await bobs.close();
    }

    // Ann leaves early: the rest of her slot is free.
    await page.goto('/ui/bookings');
    await page.getByRole('button', { name: /^Check out of Desk 1, / }).click();
    await expect(page.getByText('Checked out: the space is free for others.')).toBeVisible();

    // A colleague walks up to Desk 2 and scans its code: it is free, and one tap books it.
    const cleo = await createPerson(admin, 0, 'Cleo Walkup');
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const phone = await context.newPage();
      await signInAs(phone, cleo);
      await phone.goto(await codeLink(admin, area, 'Desk 2'));
      const details = phone.getByRole('dialog', { name: 'Desk 2' });
      await expect(details).toBeVisible();
      await details.getByRole('button', { name: 'Book this space' }).click();
      await expect(details.getByText('Your booking has been confirmed!')).toBeVisible();
      if (SHOTS) await phone.screenshot({ path: '/tmp/check-in/walk-up-375.png', fullPage: true });

      // The area's code at the entrance: what is free here now, one tap from booking.
      await phone.goto(`/ui/search?lid=${area.id}&now=1`);
      await expect(phone.getByRole('region', { name: `Free now in ${area.name}` })).toBeVisible();
      if (SHOTS) await phone.screenshot({ path: '/tmp/check-in/free-now-375.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});

test('an admin sets a space its own check-in policy on the floor plan and reads check-ins per day', async ({
  page,
}) => {
  const admin = await adminClient();
  const area = await scanOnlyArea(admin);
  const dee = await createPerson(admin, 0, 'Dee Daily');
  await book(await clientFor(dee), {
    spaceId: area.spaces['Desk 2']!,
    enter: `${areaDate(1)}T09:00:00Z`,
    leave: `${areaDate(1)}T10:00:00Z`,
  });
  await signInThroughUi(page);
  await expectSignedInLayout(page);

  // The space's policy: each field left to the area names the area's value.
  await page.goto(`/ui/admin/areas/${area.id}?tab=plan`);
  const editor = page.getByRole('tabpanel', { name: 'Floor plan and spaces' });
  await editor
    .getByRole('group', { name: `Floor plan of ${area.name}` })
    .getByRole('button', { name: 'Desk 1' })
    .click();
  await editor.getByRole('button', { name: 'Check-in', exact: true }).click();
  await expect(editor.getByRole('textbox', { name: 'Check-in', exact: true })).toHaveValue("Area's: Scan only");
  await expect(editor.getByLabel(/^Grace period/)).toHaveAttribute('placeholder', "Area's: 1");
  await editor.getByLabel(/^Check-in opens/).fill('20');
  // Editing keeps the field in view (the panel does not jump back to its top).
  await expect(editor.getByLabel(/^Check-in opens/)).toBeInViewport();
  if (SHOTS) await page.screenshot({ path: '/tmp/check-in/space-policy-1280.png' });
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => {
      const spaces = await admin.call(routes.space.list, { params: { locationId: area.id } });
      return spaces.find((s) => s.id === area.spaces['Desk 1'])?.checkinOpensMinutes;
    })
    .toBe(20);

  // Check-ins per day, for this area.
  await page.goto('/ui/admin/dashboard');
  const perDay = page.getByRole('region', { name: 'Check-in per day' });
  await expect(perDay).toBeVisible();
  await expect(perDay.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: '/tmp/check-in/dashboard-1280.png', fullPage: true });
});
