import type { PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import {
  adminClient,
  AREA_ZONE,
  book,
  clientFor,
  createArea,
  createPerson,
  signInAs,
  type TestArea,
} from './support/booking-helpers';
import { mailsTo, type CaughtMail } from './support/mail';

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
    test.setTimeout(300_000);
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

    // Ann leaves early: the rest of her slot is free.
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
    } finally {
      await context.close();
    }
  });
});
