import { expect, test } from '@playwright/test';
import {
  adminClient,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  englishWeekday,
  floorPlan,
  searchUrl,
  signInAs,
} from './support/booking-helpers';

test.describe('recurring bookings', () => {
  test('a weekly series with one date already taken shows the precheck and books the rest', async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk R1', 'Desk R2']);
    const user = await createPerson(admin, 0, 'Repeat');
    const colleague = await createPerson(admin, 0, 'Taken');
    const first = areaDate(1);
    const second = areaDate(2);
    const taken = areaDate(8);
    // Someone else already holds the desk on the second Monday (or whichever day) of the series.
    await book(await clientFor(colleague), {
      spaceId: area.spaces['Desk R1'],
      enter: `${taken}T09:00:00Z`,
      leave: `${taken}T17:00:00Z`,
      subject: '',
    });

    await signInAs(page, user);
    await page.goto(searchUrl(area, `${first}T09:00`, `${first}T17:00`));
    await floorPlan(page).getByRole('button', { name: 'Desk R1 — Available' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desk R1' });
    await dialog.getByRole('radio', { name: 'Never' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: englishWeekday(first) })).toBeChecked();
    await dialog.getByRole('checkbox', { name: englishWeekday(second) }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: englishWeekday(second) })).toBeChecked();

    // Until the advance limit (14 days): the two weekdays this week and next; one date is taken.
    await expect(dialog.getByText('Dates not available: 1 of 4.')).toBeVisible();
    await expect(dialog.getByText('There is already another booking in the selected date range.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Book 3 dates' }).click();
    await expect(dialog.getByText('Your booking has been confirmed!')).toBeVisible();
    await expect(dialog.getByText('Bookings made: 3')).toBeVisible();
    await dialog.getByRole('link', { name: 'My bookings' }).click();

    await expect(page.getByText('Current and upcoming bookings: 3')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel the series of Desk R1/ })).toHaveCount(3);
    await page
      .getByRole('button', { name: /^Cancel the series of Desk R1/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Cancel recurring booking' })
      .getByRole('button', { name: 'Cancel series' })
      .click();
    await expect(page.getByRole('heading', { name: 'No upcoming bookings' })).toBeVisible();
  });
});
