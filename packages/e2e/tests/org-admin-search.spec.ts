import { expect, test } from '@playwright/test';
import { adminClient, createUser, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

test('the administration search finds a user and opens them, by keyboard and from the results page', async ({
  page,
}) => {
  const admin = await adminClient();
  const lastname = unique('Quokka').replace(/\s+/g, '');
  const email = `${lastname.toLowerCase()}@perch.local`;
  await createUser(admin, { firstname: 'Quentin', lastname }, email);

  await signInThroughUi(page);
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  const search = page.getByRole('combobox', { name: 'Search the administration' });
  await search.fill(lastname);
  const suggestion = page.getByRole('option', { name: new RegExp(`Quentin ${lastname}`) });
  await expect(suggestion).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Quentin ${lastname}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);

  // Enter without choosing a suggestion opens the results page, grouped by kind.
  await search.fill(lastname);
  await expect(suggestion).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ui/admin/search\\?q=${lastname}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  const users = page.getByRole('region', { name: /^Users/ });
  await users.getByRole('link', { name: `Quentin ${lastname}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Quentin ${lastname}` })).toBeVisible();

  // Spaces are found too and open their area's floor plan with the space selected.
  await page.goto('/ui/admin/search?q=Desk%201');
  const spaces = page.getByRole('region', { name: /^Spaces/ });
  await spaces.getByRole('link', { name: 'Desk 1', exact: true }).first().click();
  await expect(page).toHaveURL(/\/ui\/admin\/areas\/[0-9a-f-]+\?tab=plan&space=[0-9a-f-]+$/);
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Desk 1');
  await expect(page.getByRole('button', { name: 'Desk 1', exact: true, pressed: true })).toBeVisible();
});
