import { expect, test, type Page } from '@playwright/test';
import {
  adminClient,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  searchUrl,
  signInAs,
  withSettings,
  type TestArea,
} from './support/booking-helpers';

/** The banner that explains why the chosen time cannot be booked. */
function hint(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'This time cannot be booked' });
}

async function expectHint(page: Page, area: TestArea, enter: string, leave: string, message: string) {
  await page.goto(searchUrl(area, enter, leave));
  await expect(hint(page)).toContainText(message);
}

test.describe('booking rules the page explains', () => {
  test('area, past, order, advance and duration are checked before any booking call', async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk V1']);
    const user = await createPerson(admin, 0, 'Rules');
    await signInAs(page, user);
    const day = areaDate(2);

    await page.goto(`/ui/search?lid=00000000-0000-4000-8000-000000000000&enter=${day}T09:00&leave=${day}T17:00`);
    await expect(hint(page)).toContainText('Please pick an area.');
    await expectHint(page, area, `${areaDate(-1)}T09:00`, `${areaDate(-1)}T17:00`, 'Enter date must be in the future.');
    await expectHint(page, area, `${day}T17:00`, `${day}T09:00`, 'Leave date must be after enter date.');
    await expectHint(
      page,
      area,
      `${areaDate(20)}T09:00`,
      `${areaDate(20)}T17:00`,
      'Your booking must not be more than 14 days in advance.',
    );
    await expectHint(page, area, `${day}T07:00`, `${day}T21:00`, 'The maximum booking duration is 12 hours.');

    const restore = await withSettings(admin, { min_booking_duration_hours: '2' });
    try {
      await expectHint(page, area, `${day}T09:00`, `${day}T10:00`, 'The minimum booking duration is 2 hours.');
    } finally {
      await restore();
    }
  });

  test('limits and capacity come from the server, and cancelling too late is refused with the reason', async ({
    page,
  }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk L1', 'Desk L2'], { maxConcurrentBookings: 1 });
    const other = await createArea(admin, ['Desk O1']);
    const user = await createPerson(admin, 0, 'Limits');
    const client = await clientFor(user);
    const day = areaDate(1);
    await book(client, {
      spaceId: other.spaces['Desk O1'],
      enter: `${day}T09:00:00Z`,
      leave: `${day}T17:00:00Z`,
      subject: '',
    });
    await signInAs(page, user);

    let restore = await withSettings(admin, { max_bookings_per_user: '1' });
    try {
      await expectHint(page, area, `${day}T09:00`, `${day}T17:00`, "You've reached the limit of 1 booking.");
    } finally {
      await restore();
    }

    restore = await withSettings(admin, { max_concurrent_bookings_per_user: '1' });
    try {
      await expectHint(page, area, `${day}T09:00`, `${day}T17:00`, "You've reached the limit of 1 concurrent booking.");
    } finally {
      await restore();
    }

    // Someone else holds the area's only place in the morning.
    const colleague = await clientFor(await createPerson(admin, 0, 'Capacity'));
    await book(colleague, {
      spaceId: area.spaces['Desk L1'],
      enter: `${day}T08:00:00Z`,
      leave: `${day}T12:00:00Z`,
      subject: '',
    });
    await expectHint(page, area, `${day}T10:00`, `${day}T11:00`, 'Capacity limit reached in the selected area.');

    restore = await withSettings(admin, { enable_max_hours_before_delete: '1', max_hours_before_delete: '48' });
    try {
      await page.goto('/ui/bookings');
      await page.getByRole('button', { name: /^Cancel booking of Desk O1/ }).click();
      await page
        .getByRole('dialog', { name: 'Cancel booking' })
        .getByRole('button', { name: 'Cancel booking' })
        .click();
      await expect(
        page.getByText('You cannot cancel a booking less than 48 hours before it starts. Contact an admin.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^Cancel booking of Desk O1/ })).toBeVisible();
    } finally {
      await restore();
    }
  });
});
