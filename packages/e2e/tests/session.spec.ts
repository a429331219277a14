import { expect, test } from '@playwright/test';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

test.describe('session', () => {
  test('a new tab keeps the user signed in through the refresh token', async ({ page }) => {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.waitForLoadState('networkidle');

    // A new tab of the same browser has an empty session storage; only the refresh token in
    // local storage is shared. (Clearing the first tab's storage instead races the app, which
    // refreshes at once when its token goes, against the reload that cuts that refresh off.)
    const tab = await page.context().newPage();
    const refresh = tab.waitForResponse((r) => r.url().endsWith('/auth/refresh') && r.status() === 200);
    await tab.goto('/ui/search');
    await refresh;

    await expect(tab).toHaveURL(/\/ui\/search$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await expectSignedInLayout(tab);
  });

  test('a server that cannot be reached at start keeps the user signed in and is retried', async ({ page }) => {
    await signInThroughUi(page);
    await expectSignedInLayout(page);

    // The server is down while the app starts (a restart, a proxy error): the refresh fails.
    // The refresh is cut off before the token goes: the app refreshes as soon as it misses it.
    await page.waitForLoadState('networkidle');
    await page.route('**/auth/refresh', (route) => route.abort('connectionrefused'));
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: "Perch can't be reached" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('perch.refreshToken'))).toBeTruthy();

    await page.unroute('**/auth/refresh');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await expectSignedInLayout(page);
  });

  test('signing out returns to the sign-in page and forgets the session', async ({ page }) => {
    await signInThroughUi(page);
    await expectSignedInLayout(page);

    await page.getByRole('button', { name: /^Account menu of / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(/\/ui\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goto('/ui/preferences');
    await expect(page).toHaveURL(/\/ui\/login\?redir=%2Fpreferences$/);
  });

  test('the shell route /_app shows the app too', async ({ page }) => {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto('/_app/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Book a space' }).click();
    await expect(page).toHaveURL(/\/_app\/search$/);
  });

  test('unknown pages show a 404 page', async ({ page }) => {
    await page.goto('/ui/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the start page' })).toBeVisible();
  });
});
