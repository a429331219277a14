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

test.describe('the search page in other languages', () => {
  test('switching to Deutsch translates the search, עברית turns it right-to-left with the plan unmirrored', async ({
    page,
  }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Tisch 1', 'Tisch 2']);
    const user = await createPerson(admin, 0, 'Polyglot');
    const day = areaDate(2);
    await signInAs(page, user);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
    await expect(floorPlan(page)).toBeVisible();

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Platz buchen' })).toBeVisible();
    const plan = page.getByRole('group', { name: `Grundriss von ${area.name}` });
    await expect(plan.getByRole('button', { name: 'Tisch 1 — Frei' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Legende' })).toContainText('Von dir gebucht');
    await plan.getByRole('button', { name: 'Tisch 2 — Frei' }).click();
    await expect(page.getByRole('button', { name: 'Diesen Platz buchen' })).toBeVisible();
    await page.getByRole('button', { name: 'Schließen' }).click();

    await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
    await page.getByRole('menuitem', { name: 'עברית' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect(page.getByRole('group', { name: `תוכנית הקומה של ${area.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tisch 1 — פנוי' })).toBeVisible();
    // The floor plan keeps its own left-to-right geometry: desk 1 stays left of desk 2.
    const first = await page.getByRole('button', { name: 'Tisch 1 — פנוי' }).boundingBox();
    const second = await page.getByRole('button', { name: 'Tisch 2 — פנוי' }).boundingBox();
    expect(first!.x).toBeLessThan(second!.x);
  });
});
