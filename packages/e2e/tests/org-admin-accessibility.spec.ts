import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical findings only, each with where it was found. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`organisation administration accessibility (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('users, a user, settings, statistics and search have no serious or critical violations', async ({ page }) => {
      await signInThroughUi(page);
      await expectSignedInLayout(page);

      await page.goto('/ui/admin/users');
      await expect(page.getByRole('row', { name: /admin@perch\.local/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/ui/admin/users/new');
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/ui/admin/settings');
      await expect(page.getByRole('heading', { name: 'Booking limits' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/ui/admin/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Spaces' }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/ui/admin/search?q=desk');
      await expect(page.getByRole('region', { name: /^Spaces/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
