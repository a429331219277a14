import { expect, test } from '@playwright/test';

test('the web app is served under /ui/ and / leads there', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/ui\/$/);
  await expect(page).toHaveTitle(/Perch/);
});
