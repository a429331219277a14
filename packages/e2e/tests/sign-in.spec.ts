import { expect, test } from '@playwright/test';
import { ADMIN, expectSignedInLayout, signInThroughUi } from './support/sign-in';

test.describe('sign-in', () => {
  test('the admin signs in with email, then password, and sees the signed-in layout', async ({ page }) => {
    await signInThroughUi(page);

    await expect(page).toHaveURL(/\/ui\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await expectSignedInLayout(page);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Administration' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'My bookings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu of Administrator' })).toBeVisible();
    await expect(page).toHaveTitle(/Perch/);
  });

  test('a wrong password shows the failure and stays on the sign-in page', async ({ page }) => {
    await signInThroughUi(page, ADMIN.email, 'Wrong!pass1');

    await expect(page.getByRole('alert')).toHaveText('Sign-in failed. Check your email address and password.');
    await expect(page).toHaveURL(/\/ui\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in to Sample Company' })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('an invalid email address is caught before asking the server', async ({ page }) => {
    await page.goto('/ui/login');
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid email address.')).toBeVisible();
  });

  test('a signed-out visit to a signed-in page signs in and returns there', async ({ page }) => {
    await page.goto('/ui/bookings');
    await expect(page).toHaveURL(/\/ui\/login\?redir=%2Fbookings$/);

    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/ui\/bookings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  });
});
