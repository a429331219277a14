import { expect, test } from '@playwright/test';

test('the colour scheme can be switched to dark and stays dark after a reload', async ({ page }) => {
  await page.goto('/ui/login');
  const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

  await page.getByRole('button', { name: 'Colour scheme' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect.poll(scheme).toBe('dark');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await scheme()).toBe('dark');
  await page.getByRole('button', { name: 'Colour scheme' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dark' })).toHaveAttribute('aria-current', 'true');
});
