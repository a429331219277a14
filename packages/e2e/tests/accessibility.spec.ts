import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('the sign-in page has no WCAG A/AA violations', async ({ page }) => {
      await page.goto('/ui/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the signed-in layout has no WCAG A/AA violations', async ({ page }) => {
      await signInThroughUi(page);
      await expectSignedInLayout(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
