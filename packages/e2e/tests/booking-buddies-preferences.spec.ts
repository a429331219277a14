import { expect, test } from '@playwright/test';
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
} from './support/booking-helpers';

test.describe('buddies and preferences', () => {
  test('a buddy found by name is highlighted on the map, listed with the next booking, and removed', async ({
    page,
  }) => {
    const admin = await adminClient();
    const restore = await withSettings(admin, { show_names: '1', disable_buddies: '0' });
    try {
      const area = await createArea(admin, ['Desk F1', 'Desk F2']);
      const user = await createPerson(admin, 0, 'Seeker');
      const friend = await createPerson(admin, 0, 'Friendly');
      const day = areaDate(2);
      await book(await clientFor(friend), {
        spaceId: area.spaces['Desk F2'],
        enter: `${day}T09:00:00Z`,
        leave: `${day}T17:00:00Z`,
        subject: '',
      });
      await signInAs(page, user);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Buddies' }).click();
      await expect(page.getByRole('heading', { name: 'No buddies yet' })).toBeVisible();
      await page.getByRole('textbox', { name: 'Add a buddy' }).fill(friend.email.slice(0, 12));
      await page.getByRole('option', { name: /Friendly Tester/ }).click();
      await expect(page.getByText('Friendly Tester is now your buddy.')).toBeVisible();
      await expect(page.getByText(new RegExp(`Next: Desk F2 in ${area.name}`))).toBeVisible();

      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      await expect(floorPlan(page).getByRole('button', { name: 'Desk F2 — Booked by a buddy' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Booked by a buddy');

      await page.goto('/ui/buddies');
      await page.getByRole('button', { name: 'Remove Friendly Tester from your buddies' }).click();
      await page.getByRole('dialog', { name: 'Remove buddy' }).getByRole('button', { name: 'Remove buddy' }).click();
      await expect(page.getByRole('heading', { name: 'No buddies yet' })).toBeVisible();
    } finally {
      await restore();
    }
  });

  test('saved preferences change the search at once: preferred area, date format and 12-hour clock', async ({
    page,
  }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk P1']);
    const user = await createPerson(admin, 0, 'Prefers');
    await signInAs(page, user);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Preferences' }).click();
    await page.getByRole('textbox', { name: 'Preferred area' }).click();
    await page.getByRole('option', { name: area.name }).click();
    await page.getByRole('tab', { name: 'Date and time' }).click();
    await page.getByRole('switch', { name: '24-hour clock' }).uncheck({ force: true });
    await page.getByRole('textbox', { name: 'Date format' }).click();
    await page.getByRole('option', { name: '24.09.2030' }).click();
    await expect(page.getByText('Unsaved changes: 3')).toBeVisible();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Your preferences were saved.')).toBeVisible();
    await expect(page.getByText('All changes are saved.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Book a space' }).click();
    await expect(page.getByRole('group', { name: `Floor plan of ${area.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'From' })).toHaveText(/\d{2}\.\d{2}\.\d{4}/);
    await expect(page.getByRole('combobox', { name: 'AM or PM' }).first()).toBeVisible();
  });

  test("a user's own time zone shows the area's times on their clock too", async ({ page }) => {
    const admin = await adminClient();
    // Neither zone changes its clocks: India is 3 ½ hours behind Japan all year.
    const area = await createArea(admin, ['Desk T1'], { timezone: 'Asia/Kolkata' });
    const user = await createPerson(admin, 0, 'Traveller');
    await signInAs(page, user);
    await page.goto('/ui/preferences?tab=display');
    const zone = page.getByRole('textbox', { name: 'Your time zone' });
    await expect(zone).toHaveValue(/This device's time zone/);
    await zone.fill('Asia/Tok');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Your preferences were saved.')).toBeVisible();

    const day = areaDate(2);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
    await expect(page.getByText('Times in Asia/Kolkata')).toBeVisible();
    await floorPlan(page).getByRole('button', { name: 'Desk T1 — Available' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desk T1' });
    await expect(dialog.getByRole('row', { name: /Time zone\s*Asia\/Kolkata/ })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Your time/ })).toContainText(
      new RegExp(`${day}, 12:30 – 20:30 \\(Asia/Tokyo\\)`),
    );
    await dialog.getByRole('button', { name: 'Book this space' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // My bookings shows the area's clock and the user's.
    await page.goto('/ui/bookings');
    const card = page.getByRole('listitem').filter({ hasText: 'Desk T1' });
    await expect(card).toContainText('09:00 – 17:00 (Asia/Kolkata)');
    await expect(card).toContainText(new RegExp(`Your time: .*${day}, 12:30 – 20:30 \\(Asia/Tokyo\\)`));
  });
});
