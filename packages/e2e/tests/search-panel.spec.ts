import AxeBuilder from '@axe-core/playwright';
import type { PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  adminClient,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  floorPlan,
  searchUrl,
  signInAs,
  withSettings,
  type TestArea,
} from './support/booking-helpers';

/**
 * The space panel of the search page: one side sheet to read a space and book it, that tells the
 * truth about the bookings in the chosen time and lets their owners (and space admins) cancel and
 * move them.
 */

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const SHOTS = process.env.PANEL_SHOTS === '1';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function panelOf(page: Page, space: string): Locator {
  return page.getByRole('dialog', { name: space });
}

/** Waits for the panel's slide-in (it fades in too, which would fool the contrast check). */
async function settled(panel: Locator) {
  await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/** The space's button, on the map (wide) or in the list (phone). */
function spaceButton(page: Page, name: RegExp | string, phone: boolean): Locator {
  const within = phone ? page.getByRole('list', { name: 'Spaces' }) : floorPlan(page);
  return within.getByRole('button', { name });
}

async function upcoming(client: PerchClient) {
  return client.call(routes.booking.list);
}

async function bookDay(client: PerchClient, area: TestArea, desk: string, day: string, from: string, to: string) {
  return book(client, {
    spaceId: area.spaces[desk]!,
    enter: `${day}T${from}:00Z`,
    leave: `${day}T${to}:00Z`,
    subject: '',
  });
}

test.describe('the space panel', () => {
  for (const viewport of [WIDE, PHONE]) {
    const phone = viewport === PHONE;
    test(`your own booking says so, can be cancelled there, and focus lands on the freed space (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const admin = await adminClient();
      const area = await createArea(admin, ['Desk A', 'Desk B', 'Desk C']);
      const user = await createPerson(admin, 0, 'Owner');
      const client = await clientFor(user);
      const day = areaDate(2);
      await book(client, {
        spaceId: area.spaces['Desk B']!,
        enter: `${day}T09:00:00Z`,
        leave: `${day}T17:00:00Z`,
        subject: 'Quarterly planning',
      });
      await signInAs(page, user);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, phone ? '&view=list' : ''));

      await spaceButton(page, 'Desk B — Booked by you', phone).click();
      const panel = panelOf(page, 'Desk B');
      await expect(panel.getByText('Booked by you for the whole chosen time')).toBeVisible();
      await expect(panel.getByText('Quarterly planning')).toBeVisible();
      // The old text claimed "part of the chosen time" for every booking.
      await expect(panel.getByText(/taken for part of the chosen time/)).toHaveCount(0);

      await panel.getByRole('button', { name: /^Cancel booking / }).click();
      const confirm = panel.getByRole('group', { name: /^Cancel upcoming booking for / });
      await expect(confirm).toBeFocused();
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await expect(panel.getByRole('button', { name: /^Cancel booking / })).toBeFocused();
      await panel.getByRole('button', { name: /^Cancel booking / }).click();
      await confirm.getByRole('button', { name: 'Cancel booking' }).click();

      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByText('The booking was cancelled.')).toBeVisible();
      const freed = spaceButton(page, 'Desk B — Available', phone);
      await expect(freed).toBeVisible();
      await expect(freed).toBeFocused();
      expect(await upcoming(client)).toEqual([]);
    });
  }

  test("someone else's booking: the panel says whether it takes the whole time or part of it, and offers no cancel", async ({
    page,
  }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk P', 'Desk W']);
    const user = await createPerson(admin, 0, 'Looker');
    const colleague = await createPerson(admin, 0, 'Partly');
    const day = areaDate(3);
    const other = await clientFor(colleague);
    await bookDay(other, area, 'Desk P', day, '10:00', '12:00');
    await bookDay(other, area, 'Desk W', day, '08:00', '18:00');
    await signInAs(page, user);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));

    await floorPlan(page)
      .getByRole('button', { name: /^Desk P — / })
      .click();
    let panel = panelOf(page, 'Desk P');
    // Names are hidden unless the organisation shows them.
    await expect(panel.getByText('Booked by someone for part of the chosen time')).toBeVisible();
    await expect(
      panel.getByText('This space is taken for part of the chosen time. Pick another time or another space.'),
    ).toBeVisible();
    await expect(panel.getByText(/10:00 – 12:00$/)).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Cancel booking/ })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /^Edit times/ })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Book this space' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(floorPlan(page).getByRole('button', { name: /^Desk P — / })).toBeFocused();

    await floorPlan(page)
      .getByRole('button', { name: /^Desk W — / })
      .click();
    panel = panelOf(page, 'Desk W');
    await expect(panel.getByText('Booked by someone for the whole chosen time')).toBeVisible();
    await expect(
      panel.getByText('This space is taken for the whole chosen time. Pick another time or another space.'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(floorPlan(page).getByRole('button', { name: /^Desk W — / })).toBeFocused();

    const restore = await withSettings(admin, { show_names: '1' });
    try {
      await page.reload();
      await floorPlan(page)
        .getByRole('button', { name: /^Desk P — / })
        .click();
      await expect(
        panelOf(page, 'Desk P').getByText('Booked by Partly Tester for part of the chosen time'),
      ).toBeVisible();
    } finally {
      await restore();
    }
  });

  test('your own booking: edit its times in the panel, with the server refusing a clash', async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk E']);
    const user = await createPerson(admin, 0, 'Mover');
    const colleague = await createPerson(admin, 0, 'Later');
    const client = await clientFor(user);
    const day = areaDate(2);
    await bookDay(client, area, 'Desk E', day, '09:00', '12:00');
    await bookDay(await clientFor(colleague), area, 'Desk E', day, '14:00', '16:00');
    await signInAs(page, user);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));

    await floorPlan(page).getByRole('button', { name: 'Desk E — Booked by you' }).click();
    const panel = panelOf(page, 'Desk E');
    const mine = panel.getByRole('listitem').filter({ hasText: 'Booked by you' });
    await expect(mine.getByText('Booked by you for part of the chosen time')).toBeVisible();
    await mine.getByRole('button', { name: /^Edit times/ }).click();
    const edit = panel.getByRole('group', { name: /^New times for the booking / });
    await expect(edit).toBeFocused();
    const endHours = edit.getByRole('spinbutton', { name: 'Hours' }).nth(1);
    // 12:00 → 15:00 runs into the colleague's booking at 14:00: the server refuses.
    await endHours.click();
    for (let i = 0; i < 3; i++) await endHours.press('ArrowUp');
    await expect(endHours).toHaveValue('15');
    await edit.getByRole('button', { name: 'Save times' }).click();
    await expect(edit.getByRole('alert')).toContainText('There is already another booking in the selected date range.');

    // 09:00 → 10:00 and until 14:00: touching the next booking is fine.
    await endHours.press('ArrowDown');
    const startHours = edit.getByRole('spinbutton', { name: 'Hours' }).first();
    await startHours.click();
    await startHours.press('ArrowUp');
    await expect(startHours).toHaveValue('10');
    await edit.getByRole('button', { name: 'Save times' }).click();
    await expect(panel.getByRole('status')).toContainText(/The booking now runs .*10:00 – 14:00\./);
    await expect(panel.getByRole('heading', { level: 2, name: 'Desk E' })).toBeFocused();
    await expect(edit).toHaveCount(0);
    const [moved] = await upcoming(client);
    expect(moved?.enter).toMatch(new RegExp(`^${day}T10:00`));
    expect(moved?.leave).toMatch(new RegExp(`^${day}T14:00`));
  });

  test("a space admin cancels someone else's booking from the map, with a reason", async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk S1', 'Desk S2']);
    const spaceAdmin = await createPerson(admin, 10, 'Keeper');
    const colleague = await createPerson(admin, 0, 'Booker');
    const other = await clientFor(colleague);
    const day = areaDate(4);
    await bookDay(other, area, 'Desk S2', day, '09:00', '17:00');
    await signInAs(page, spaceAdmin);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));

    await floorPlan(page)
      .getByRole('button', { name: /^Desk S2 — / })
      .click();
    const panel = panelOf(page, 'Desk S2');
    // Space admins always see who booked.
    await expect(panel.getByText('Booked by Booker Tester for the whole chosen time')).toBeVisible();
    await panel.getByRole('button', { name: /^Cancel booking / }).click();
    const confirm = panel.getByRole('group', { name: /^Cancel upcoming booking for / });
    await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('The room is needed for the audit');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(floorPlan(page).getByRole('button', { name: 'Desk S2 — Available' })).toBeFocused();
    expect(await upcoming(other)).toEqual([]);
  });

  test("the server's refusal to cancel shows in the panel", async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk L']);
    const user = await createPerson(admin, 0, 'Late');
    const client = await clientFor(user);
    const day = areaDate(2);
    await bookDay(client, area, 'Desk L', day, '09:00', '17:00');
    const restore = await withSettings(admin, { enable_max_hours_before_delete: '1', max_hours_before_delete: '500' });
    try {
      await signInAs(page, user);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      await floorPlan(page).getByRole('button', { name: 'Desk L — Booked by you' }).click();
      const panel = panelOf(page, 'Desk L');
      await panel.getByRole('button', { name: /^Cancel booking / }).click();
      await panel.getByRole('button', { name: 'Cancel booking', exact: true }).click();
      const alert = panel.getByRole('alert');
      await expect(alert).toContainText('The booking was not cancelled');
      await expect(alert).toContainText('You cannot cancel a booking less than 500 hours before it starts');
      await expect(page.getByRole('dialog')).toHaveCount(1);
      expect(await upcoming(client)).toHaveLength(1);
    } finally {
      await restore();
    }
  });

  for (const viewport of [WIDE, PHONE]) {
    const phone = viewport === PHONE;
    test(`booking takes two steps in one panel, and focus returns to the booked space (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const admin = await adminClient();
      const area = await createArea(admin, ['Desk T1', 'Desk T2']);
      const user = await createPerson(admin, 0, 'Two steps');
      const day = areaDate(2);
      await signInAs(page, user);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, phone ? '&view=list' : ''));

      await spaceButton(page, 'Desk T2 — Available', phone).click();
      const panel = panelOf(page, 'Desk T2');
      await expect(panel.getByText('Nobody has booked this space in this time.')).toBeVisible();
      // The times, subject, repeat and "Book" are all in the one panel: no dialog stacked on it.
      await expect(panel.getByRole('button', { name: 'From' })).toBeVisible();
      await expect(panel.getByRole('radiogroup', { name: 'Repeat' })).toBeVisible();
      await panel.getByRole('textbox', { name: 'Subject' }).fill('Design review');
      await panel.getByRole('button', { name: 'Book this space' }).click();
      await expect(panel.getByText('Your booking has been confirmed!')).toBeFocused();
      await expect(page.getByRole('dialog')).toHaveCount(1);
      await panel.getByRole('button', { name: 'Done' }).click();

      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(spaceButton(page, 'Desk T2 — Booked by you', phone)).toBeFocused();
      const [booked] = await upcoming(await clientFor(user));
      expect(booked?.subject).toBe('Design review');
    });
  }

  test('a space admin books for someone else, who then finds it in their bookings', async ({ page, browser }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk F1', 'Desk F2']);
    const spaceAdmin = await createPerson(admin, 10, 'Organiser');
    const guest = await createPerson(admin, 0, 'Guest');
    const day = areaDate(3);
    await signInAs(page, spaceAdmin);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));

    await floorPlan(page).getByRole('button', { name: 'Desk F1 — Available' }).click();
    const panel = panelOf(page, 'Desk F1');
    await panel.getByRole('radio', { name: 'Someone else' }).check();
    // A series books for the caller only (the API has no person for it).
    await expect(panel.getByRole('radiogroup', { name: 'Repeat' })).toHaveCount(0);
    await expect(panel.getByText('Repeating bookings can only be made for yourself.')).toBeVisible();
    await panel.getByRole('button', { name: 'Book this space' }).click();
    await expect(panel.getByText('Choose the person to book for.')).toBeVisible();

    await panel.getByRole('textbox', { name: 'Person' }).fill(guest.email.slice(0, 12));
    await page.getByRole('option', { name: `Guest Tester (${guest.email})` }).click();
    await panel.getByRole('textbox', { name: 'Subject' }).fill('Visit');
    await panel.getByRole('button', { name: 'Book for Guest Tester' }).click();
    await expect(panel.getByText('Booked for Guest Tester: the booking is confirmed.')).toBeFocused();
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(floorPlan(page).getByRole('button', { name: /^Desk F1 — Booked/ })).toBeFocused();

    const context = await browser.newContext();
    const guestPage = await context.newPage();
    await signInAs(guestPage, guest);
    await guestPage.goto('/ui/bookings');
    await expect(guestPage.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await expect(guestPage.getByText('Desk F1').first()).toBeVisible();
    await expect(guestPage.getByText('Visit')).toBeVisible();
    await context.close();
  });

  test("booking for an address the organisation cannot take shows the server's reason", async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk N']);
    const spaceAdmin = await createPerson(admin, 10, 'Inviter');
    const day = areaDate(3);
    const restore = await withSettings(admin, { allow_booking_nonexist_users: '1' });
    try {
      await signInAs(page, spaceAdmin);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      await floorPlan(page).getByRole('button', { name: 'Desk N — Available' }).click();
      const panel = panelOf(page, 'Desk N');
      await panel.getByRole('radio', { name: 'Someone else' }).check();
      await panel.getByRole('textbox', { name: 'Person' }).fill('visitor@elsewhere.example');
      await page.getByRole('option', { name: 'visitor@elsewhere.example (no account yet)' }).click();
      await expect(panel.getByText('This person has no account yet')).toBeVisible();
      await panel.getByRole('button', { name: 'Book for visitor@elsewhere.example' }).click();
      await expect(panel.getByRole('alert')).toContainText(
        "An account can only be created for an email address on one of the organisation's domains.",
      );
    } finally {
      await restore();
    }
  });

  test('long names and subjects wrap inside the panel at 375 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const admin = await adminClient();
    const longDesk = `Desk-${'Northwing'.repeat(6)}`;
    const area = await createArea(admin, [longDesk], { name: `Floor-${'Mezzanine'.repeat(6)}-${Date.now()}` });
    const user = await createPerson(admin, 0, 'Verbose');
    const day = areaDate(2);
    await book(await clientFor(user), {
      spaceId: area.spaces[longDesk]!,
      enter: `${day}T09:00:00Z`,
      leave: `${day}T17:00:00Z`,
      subject: `Subject${'WithoutAnySpaces'.repeat(12)}`,
    });
    await signInAs(page, user);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, '&view=list'));
    await page
      .getByRole('list', { name: 'Spaces' })
      .getByRole('button', { name: new RegExp(`^${longDesk}`) })
      .click();
    const panel = panelOf(page, longDesk);
    await expect(panel.getByText(/^SubjectWithoutAnySpaces/)).toBeVisible();
    const overflow = await panel.evaluate((dialog) => {
      const wide = [dialog, ...Array.from(dialog.querySelectorAll<HTMLElement>('*'))].filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
      );
      const box = dialog.getBoundingClientRect();
      const outside = Array.from(dialog.querySelectorAll<HTMLElement>('p, h2, h3, td, th, span')).filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > box.right + 1 || r.left < box.left - 1;
      });
      return {
        scroll: dialog.scrollWidth - dialog.clientWidth,
        scrollers: wide.map((el) => el.className),
        outside: outside.map((el) => el.textContent?.slice(0, 30)),
      };
    });
    expect(overflow).toEqual({ scroll: 0, scrollers: [], outside: [] });
    await expect(panel.getByText('Booked by you for the whole chosen time')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: '/tmp/search-panel/long-375.png' });
  });

  for (const viewport of [WIDE, PHONE]) {
    test(`every state of the panel passes axe (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const admin = await adminClient();
      const area = await createArea(admin, ['Desk X1', 'Desk X2']);
      const spaceAdmin = await createPerson(admin, 10, `Axe ${viewport.width}`);
      const guest = await createPerson(admin, 0, `Visitor ${viewport.width}`);
      const day = areaDate(2);
      await bookDay(await clientFor(spaceAdmin), area, 'Desk X2', day, '09:00', '17:00');
      await signInAs(page, spaceAdmin);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, '&view=list'));
      const list = page.getByRole('list', { name: 'Spaces' });

      await list.getByRole('button', { name: 'Desk X1 — Available' }).click();
      let panel = panelOf(page, 'Desk X1');
      await expect(panel.getByRole('button', { name: 'Book this space' })).toBeVisible();
      await settled(panel);
      expect(await seriousViolations(page), 'booking form').toEqual([]);
      await panel.getByRole('radio', { name: 'Someone else' }).check();
      await panel.getByRole('textbox', { name: 'Person' }).fill(guest.email.slice(0, 14));
      await page.getByRole('option', { name: new RegExp(guest.email) }).click();
      await expect(panel.getByRole('button', { name: `Book for Visitor ${viewport.width} Tester` })).toBeVisible();
      expect(await seriousViolations(page), 'book for someone').toEqual([]);
      await panel.getByRole('radio', { name: 'Me', exact: true }).check();
      await panel.getByRole('button', { name: 'Book this space' }).click();
      await expect(panel.getByText('Your booking has been confirmed!')).toBeVisible();
      expect(await seriousViolations(page), 'success').toEqual([]);
      await panel.getByRole('button', { name: 'Done' }).click();

      await list.getByRole('button', { name: 'Desk X2 — Booked by you' }).click();
      panel = panelOf(page, 'Desk X2');
      await expect(panel.getByText('Booked by you for the whole chosen time')).toBeVisible();
      await settled(panel);
      expect(await seriousViolations(page), 'booked by you').toEqual([]);
      await panel.getByRole('button', { name: /^Edit times/ }).click();
      await expect(panel.getByRole('group', { name: /^New times/ })).toBeVisible();
      expect(await seriousViolations(page), 'edit times').toEqual([]);
      await panel.getByRole('button', { name: 'Keep the times' }).click();
      await panel.getByRole('button', { name: /^Cancel booking / }).click();
      await expect(panel.getByRole('group', { name: /^Cancel upcoming booking/ })).toBeVisible();
      expect(await seriousViolations(page), 'cancel').toEqual([]);
    });
  }
});
