import { expect, test } from '@playwright/test';
import { adminClient, createUser, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

test('an admin creates a group and adds a member through the picker', async ({ page }) => {
  const admin = await adminClient();
  const lastname = unique('Hopper').replace(/\s+/g, '');
  const email = `${lastname.toLowerCase()}@perch.local`;
  await createUser(admin, { firstname: 'Grace', lastname }, email);
  const groupName = unique('Facilities');

  await signInThroughUi(page);
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();

  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByRole('textbox', { name: 'Group name' }).fill(groupName);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(page.getByText('This group has no members yet.', { exact: false })).toBeVisible();

  await page.getByRole('textbox', { name: 'Add a person' }).fill(lastname.slice(0, 6));
  await page.getByRole('option', { name: `Grace ${lastname} (${email})` }).click();
  await page.getByRole('button', { name: 'Add member' }).click();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('cell', { name: email, exact: true })).toBeVisible();

  // The list shows the new member count; a second group with the same name is refused.
  await page.getByRole('link', { name: 'Groups' }).first().click();
  await expect(page.getByRole('row', { name: new RegExp(groupName) })).toContainText('1');
  await page.getByRole('button', { name: 'New group' }).click();
  await page.getByRole('dialog', { name: 'New group' }).getByRole('textbox', { name: 'Group name' }).fill(groupName);
  await page.getByRole('dialog', { name: 'New group' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The group name already exists.' })).toBeVisible();
});
