import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`administration accessibility (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('the areas list, the area editor and the groups screen have no WCAG A/AA violations', async ({ page }) => {
      await signInThroughUi(page);
      await expectSignedInLayout(page);

      await page.goto('/ui/admin/areas');
      await expect(page.getByRole('link', { name: 'Sample Floor' })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Sample Floor' }).click();
      const plan = page.getByRole('group', { name: 'Floor plan of Sample Floor' });
      await expect(plan.getByRole('button', { name: 'Desk 1', exact: true })).toBeVisible();
      await plan.getByRole('button', { name: 'Desk 1', exact: true }).click();
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Desk 1');
      expect(await violations(page)).toEqual([]);

      await page.getByRole('tab', { name: 'Details' }).click();
      await expect(page.getByRole('heading', { name: 'Booking rules' })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await page.goto('/ui/admin/groups');
      await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
