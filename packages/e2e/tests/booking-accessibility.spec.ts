import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
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
} from './support/booking-helpers';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`booking screens are accessible (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('search (map and list), my bookings and preferences have no serious or critical axe violations', async ({
      page,
    }) => {
      const admin = await adminClient();
      const area = await createArea(admin, ['Desk X1', 'Desk X2', 'Desk X3']);
      const user = await createPerson(admin, 0, `Axe ${colorScheme}`);
      const day = areaDate(2);
      await book(await clientFor(user), {
        spaceId: area.spaces['Desk X2'],
        enter: `${day}T09:00:00Z`,
        leave: `${day}T17:00:00Z`,
        subject: 'Workshop',
      });
      await signInAs(page, user);

      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      await expect(floorPlan(page).getByRole('button', { name: 'Desk X2 — Booked by you' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, '&view=list'));
      await expect(page.getByRole('list', { name: 'Spaces' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Desk X1 — Available' }).click();
      const panel = page.getByRole('dialog', { name: 'Desk X1' });
      await expect(panel.getByRole('button', { name: 'Book this space' })).toBeVisible();
      // The panel fades in as it slides: check contrast once it is there.
      await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/ui/bookings');
      await expect(page.getByText('Workshop')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      const tabs = {
        booking: 'Booking',
        display: 'Date and time',
        colours: 'Colours',
        calendars: 'Notifications & calendars',
        security: 'Security',
      };
      for (const [tab, name] of Object.entries(tabs)) {
        await page.goto(`/ui/preferences?tab=${tab}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
        await expect(page.getByRole('tab', { selected: true })).toHaveText(name);
        expect(await seriousViolations(page), tab).toEqual([]);
      }
    });
  });
}
