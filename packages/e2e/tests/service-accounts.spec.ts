import { Role, routes } from '@perch/contract/values';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminClient, createUser, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

/** A request to the API as the service account holding `token`. */
const asToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/**
 * An org admin creates a read-write service account in the users screen, generates its API
 * token, which a script (Playwright's request API here) uses to read and write, then revokes it.
 */
async function journey(page: Page, request: APIRequestContext, opts: { phone: boolean; screenshot: string }) {
  const admin = await adminClient();
  const name = unique('Keeper').replace(/\s+/g, '');
  const oa = await createUser(
    admin,
    { firstname: 'Ada', lastname: name },
    `${name.toLowerCase()}@perch.local`,
    Role.OrgAdmin,
  );
  const person = await createUser(
    admin,
    { firstname: 'Grace', lastname: name },
    `grace.${name.toLowerCase()}@perch.local`,
  );
  const robotName = unique('Robot').replace(/\s+/g, '');
  const robotEmail = `${robotName.toLowerCase()}@perch.local`;

  await signInThroughUi(page, oa.email, oa.password);
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  if (opts.phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'New user' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Deploy');
  await page.getByRole('textbox', { name: 'Last name' }).fill(robotName);
  await page.getByRole('textbox', { name: 'Email address' }).fill(robotEmail);
  await page.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Service account (read and write)' }).click();
  await page.getByRole('button', { name: 'Generate a password' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(`Deploy ${robotName} was created.`)).toBeVisible();

  // The list names the role; the account opens from there.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(robotName);
  const row = page.getByRole('row', { name: new RegExp(robotEmail) });
  await expect(row).toContainText('Service account (read and write)');
  await row.getByRole('link', { name: robotEmail }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Deploy ${robotName}` })).toBeVisible();

  const card = page.getByRole('region', { name: 'API token' });
  await expect(card.getByText('No token').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Generate token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  const token = await dialog.getByRole('textbox', { name: 'API token' }).inputValue();
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  await expect(dialog.getByRole('textbox', { name: 'Example request' })).toHaveValue(
    `curl -H "Authorization: Bearer ${token}" ${new URL(page.url()).origin}/user/me`,
  );
  await expect(dialog.getByRole('button', { name: 'Copy token' })).toBeVisible();
  // The dialog has faded in.
  await expect(dialog).toHaveCSS('opacity', '1');
  await page.screenshot({ path: opts.screenshot.replace('.png', '-token.png') });

  // A script uses the token: it is the service account, and it may write.
  const me = await request.get('/user/me', asToken(token));
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: robotEmail, role: Role.ServiceAccountReadWrite });
  const groupName = unique('Robots');
  const created = await request.post('/group/', { ...asToken(token), data: { name: groupName } });
  expect(created.status()).toBe(201);
  const groups = await admin.call(routes.group.list);
  expect(groups.map((g) => g.name)).toContain(groupName);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Active').first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Replace token' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: opts.screenshot });

  // Revoked, it stops working at once.
  await card.getByRole('button', { name: 'Revoke token' }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the API token of Deploy ${robotName}?` });
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText(`The API token of Deploy ${robotName} was revoked.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Generate token' })).toBeVisible();
  expect((await request.get('/user/me', asToken(token))).status()).toBe(401);

  // A person's edit page shows their second factors instead.
  await page.goto(`/ui/admin/users/${person.id}`);
  const factors = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(factors.getByText('Authenticator app')).toBeVisible();
  await expect(factors.getByText(`Grace ${name} has set up no second factor.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'API token' })).toHaveCount(0);
  await factors.scrollIntoViewIfNeeded();
  await factors.screenshot({ path: opts.screenshot.replace('.png', '-factors.png') });
}

test('an admin creates a service account, generates an API token a script uses, and revokes it', async ({
  page,
  request,
}) => {
  await journey(page, request, { phone: false, screenshot: '/tmp/service-account-desktop.png' });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the API token card works at 375 px', async ({ page, request }) => {
    await journey(page, request, { phone: true, screenshot: '/tmp/service-account-phone.png' });
  });
});
