import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import { adminClient, createUser } from './support/api';
import { linkIn, waitForMail } from './support/mail';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

/** Journeys through mails: a forgotten password, an invitation. The mails come from a real SMTP server. */

test('a user resets a forgotten password from the mailed link and is signed in', async ({ page }) => {
  const admin = await adminClient();
  const email = `forgetful.${Date.now()}@perch.local`;
  const user = await createUser(admin, { firstname: 'Fay', lastname: 'Forgetful' }, email);

  await page.goto('/ui/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(`If an account exists for ${email}, we have sent a link`)).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Reset your Perch password');
  expect(mail.text).toContain('Hello Fay,');
  const link = linkIn(mail);
  await page.goto(link);
  await expect(page.getByText(`Choose a new password for ${email}`)).toBeVisible();
  await page.getByLabel(/^New password/).fill('Brand!new2pass');
  await page.getByLabel(/^Repeat new password/).fill('Brand!new2pass');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expectSignedInLayout(page);

  // The link worked once; the old password no longer does.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link can no longer be used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  expect(user.password).not.toBe('Brand!new2pass');
});

test('an invited user chooses a password from the mailed link and is signed in', async ({ page }) => {
  const email = `invited.${Date.now()}@perch.local`;
  await signInThroughUi(page);
  await expectSignedInLayout(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Administration' }).click();
  await nav.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'New user' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ivy');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Invited');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('radio', { name: /Send an invitation/ }).check();
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill('Invited');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');

  const mail = await waitForMail(email);
  expect(mail.subject).toMatch(/^You are invited to book desks at /);
  // Sign the admin out: the invited person opens the link in their own browser.
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('Ivy!chosen3pw');
  await page.getByLabel(/^Repeat new password/).fill('Ivy!chosen3pw');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expectSignedInLayout(page);
  await expect(page.getByRole('button', { name: /^Account menu of / })).toContainText('Ivy');

  // The mail is listed as sent in the administrators' outbox.
  const admin = await adminClient();
  const box = await admin.call(routes.mailOutbox.list, { query: { status: 'sent' } });
  expect(box.items.some((m) => m.recipient === email && m.kind === 'invitation')).toBe(true);
});
