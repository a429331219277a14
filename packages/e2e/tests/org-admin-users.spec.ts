import { Role, routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import { adminClient, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

test('an admin creates a user with a generated password; the user replaces it at the first sign-in and sees the app', async ({
  page,
  browser,
}) => {
  const admin = await adminClient();
  const lastname = unique('Hamilton').replace(/\s+/g, '');
  const email = `${lastname.toLowerCase()}@perch.local`;
  const groupName = unique('Night shift');
  const { id: groupId } = await admin.call(routes.group.create, { body: { name: groupName } });

  await signInThroughUi(page);
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('link', { name: 'New user' }).click();

  await page.getByRole('textbox', { name: 'First name' }).fill('Margaret');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastname);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Space admin' }).click();
  await page.getByRole('textbox', { name: 'Groups' }).click();
  await page.getByRole('option', { name: groupName }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generate a password' }).click();
  const password = await page.getByLabel(/^Password/).inputValue();
  expect(password).toHaveLength(16);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(`Margaret ${lastname} was created.`)).toBeVisible();

  // The list finds the new person on the server; the group now has them as a member.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(lastname);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Space admin');
  const members = await admin.call(routes.group.members, { params: { id: groupId } });
  expect(members.map((m) => m.email)).toEqual([email]);

  // The same address a second time is refused at the email field (409, code 3001).
  await page.getByRole('link', { name: 'New user' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Maggie');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastname);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Generate a password' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The username already exists.' })).toBeVisible();

  // The new user signs in with the admin's password and must choose their own first.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signInThroughUi(userPage, email, password);
  await expect(userPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await userPage.getByLabel(/^New password/).fill('Own!secret42');
  await userPage.getByLabel('Repeat new password').fill('Own!secret42');
  await userPage.getByRole('button', { name: 'Save and sign in' }).click();
  await expectSignedInLayout(userPage);
  await expect(
    userPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Administration' }),
  ).toBeVisible();
  await context.close();
});

test('the role rules hold on the users screen: no own role change, no own deletion, super admins out of reach', async ({
  page,
}) => {
  const admin = await adminClient();
  const email = `${unique('orgadmin').replace(/\s+/g, '.').toLowerCase()}@perch.local`;
  const initial = 'Initial!pass1';
  await admin.call(routes.user.create, {
    body: { email, firstname: 'Olga', lastname: 'Admin', role: Role.OrgAdmin, password: initial },
  });

  await signInThroughUi(page, email, initial);
  await page.getByLabel(/^New password/).fill('Own!secret42');
  await page.getByLabel('Repeat new password').fill('Own!secret42');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expectSignedInLayout(page);

  await page.goto(`/ui/admin/users?q=${encodeURIComponent(email)}`);
  const own = page.getByRole('row', { name: new RegExp(email) });
  await expect(own.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await own.getByRole('link', { name: 'Edit Olga Admin' }).click();
  await expect(page.getByRole('textbox', { name: 'Role' })).toBeDisabled();
  await expect(page.getByText('You cannot change your own role.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete user' })).toHaveCount(0);

  await page.goto('/ui/admin/users?q=admin%40perch.local');
  const superAdmin = page.getByRole('row', { name: /admin@perch\.local/ });
  await expect(superAdmin).toContainText('Super admin');
  await expect(superAdmin.getByRole('link')).toHaveCount(0);
  await expect(superAdmin.getByRole('button')).toHaveCount(0);

  await page.goto('/ui/admin/users/new');
  await page.getByRole('textbox', { name: 'Role' }).click();
  await expect(page.getByRole('option', { name: 'Organisation admin' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Super admin' })).toHaveCount(0);
});
