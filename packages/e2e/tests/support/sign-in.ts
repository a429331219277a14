import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@perch.local', password: 'Admin!pass1' } as const;

/** Signs in through the real sign-in screen: email first, then the password. */
export async function signInThroughUi(page: Page, email: string = ADMIN.email, password: string = ADMIN.password) {
  await page.goto('/ui/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The signed-in layout is showing (header account menu and the main navigation). */
export async function expectSignedInLayout(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
}
