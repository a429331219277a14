import { expect, test } from '@playwright/test';
import {
  adminClient,
  areaDate,
  createArea,
  createPerson,
  floorPlan,
  searchUrl,
  signInAs,
} from './support/booking-helpers';

test.describe('booking a desk', () => {
  test('search, pick a desk on the map, book it, find it in My bookings and cancel it', async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk A', 'Desk B', 'Desk C']);
    const user = await createPerson(admin, 0, 'Journey');
    const day = areaDate(2);
    await signInAs(page, user);

    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    const map = floorPlan(page);
    await expect(map).toBeVisible();
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Available');

    await map.getByRole('button', { name: 'Desk B — Available' }).click();
    // The selected space is part of the address, so a reload shows the same.
    await expect(page).toHaveURL(/sid=/);
    const details = page.getByRole('dialog', { name: 'Desk B' });
    await expect(details.getByText('Nobody has booked this space in this time.')).toBeVisible();
    // The booking form is in the same panel: no second dialog.
    await expect(details.getByRole('cell', { name: area.name })).toBeVisible();
    await details.getByRole('textbox', { name: 'Subject' }).fill('Quarterly planning');
    await details.getByRole('button', { name: 'Book this space' }).click();
    await expect(details.getByText('Your booking has been confirmed!')).toBeVisible();
    await details.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(map.getByRole('button', { name: 'Desk B — Booked by you' })).toBeVisible();
    await page.getByRole('radio', { name: 'Map' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/view=list/);
    await expect(
      page.getByRole('list', { name: 'Spaces' }).getByRole('button', { name: 'Desk B — Booked by you' }),
    ).toBeVisible();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My bookings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await expect(page.getByText('Quarterly planning')).toBeVisible();
    await page.getByRole('button', { name: /^Cancel booking of Desk B/ }).click();
    await page.getByRole('dialog', { name: 'Cancel booking' }).getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('The booking was cancelled.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No upcoming bookings' })).toBeVisible();
  });
});
