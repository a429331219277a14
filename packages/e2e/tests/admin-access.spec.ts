import { expect, test } from '@playwright/test';
import { adminClient, createUser, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

test('a plain user cannot reach the administration screens', async ({ page }) => {
  const admin = await adminClient();
  const email = `${unique('plain').replace(/\s+/g, '.').toLowerCase()}@perch.local`;
  const user = await createUser(admin, { firstname: 'Plain', lastname: 'User' }, email);

  await signInThroughUi(page, user.email, user.password);
  await expectSignedInLayout(page);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'My bookings' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  for (const path of [
    '/ui/admin',
    '/ui/admin/areas',
    '/ui/admin/areas/new',
    '/ui/admin/attributes',
    '/ui/admin/groups',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
    await expect(page.getByRole('group', { name: /^Floor plan of / })).toHaveCount(0);
  }
});
