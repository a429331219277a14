import { expect, test } from '@playwright/test';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

test.describe('language', () => {
  test('switching to Deutsch translates the page and עברית turns it right-to-left', async ({ page }) => {
    await page.goto('/ui/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
    await page.getByRole('menuitem', { name: 'עברית' }).click();
    await expect(page.getByRole('heading', { name: 'כניסה' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('he');

    // The choice is remembered.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'כניסה' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  test('the language can be changed from the signed-in header', async ({ page }) => {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Platz buchen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Meine Buchungen' })).toBeVisible();
  });
});
