import { readFile } from 'node:fs/promises';
import { ApiError, login, PerchClient, singleOrg } from '@perch/client';
import { Role } from '@perch/contract/values';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { adminClient, createUser, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

/** A sign-in with a wrong password for an address that has no account: refused (400), and recorded. */
async function failedSignIn(email: string): Promise<void> {
  const client = new PerchClient({ baseUrl: baseURL });
  const { organization } = await singleOrg(client);
  const error = await login(client, { email, password: 'Wrong!guess1', organizationId: organization.id }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
}

/** An org admin signs in, opens the sign-in log, finds the failed attempt, filters it and downloads it. */
async function journey(page: Page, opts: { phone: boolean; screenshot: string }) {
  const tag = unique('intruder').replace(/\s+/g, '-');
  const intruder = `${tag}@nowhere.example`;
  await failedSignIn(intruder);
  const admin = await adminClient();
  const name = unique('Auditor').replace(/\s+/g, '');
  const oa = await createUser(
    admin,
    { firstname: 'Ada', lastname: name },
    `${name.toLowerCase()}@perch.local`,
    Role.OrgAdmin,
  );

  await signInThroughUi(page, oa.email, oa.password);
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  if (opts.phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sign-in log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in log' })).toBeVisible();

  // The table on wide screens, a list of cards on phones: either way one entry per attempt.
  const entry = (text: string): Locator =>
    opts.phone
      ? page.getByRole('list', { name: 'Sign-in log' }).getByRole('listitem').filter({ hasText: text })
      : page.getByRole('table', { name: 'Sign-in log' }).getByRole('row').filter({ hasText: text });
  await expect(entry(intruder)).toContainText('No account with this email');
  await expect(entry(intruder)).toContainText('Failed');
  await expect(entry(oa.email).first()).toContainText('Successful');

  await page.getByRole('searchbox', { name: 'Email contains' }).fill(tag.toUpperCase());
  await page.getByLabel('Result').selectOption({ label: 'Failed only' });
  await expect(page).toHaveURL(/outcome=failure/);
  await expect(page.getByText('1–1 of 1 sign-in attempt', { exact: true })).toBeVisible();
  await expect(entry(intruder)).toContainText('Password');
  await expect(entry(oa.email)).toHaveCount(0);
  await page.screenshot({ path: opts.screenshot, fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sign-in-log-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Time,Time \(UTC\),Email,Method,Result,Reason,Client address,Device,Error code/);
  expect(lines[1]).toContain(`${intruder},Password,Failed,No account with this email,`);
  expect(lines[1]).toContain(',user_not_found,');
}

test('an org admin finds a failed sign-in in the sign-in log, filters it and downloads it as CSV', async ({ page }) => {
  await journey(page, { phone: false, screenshot: '/tmp/audit-desktop.png' });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sign-in log lists attempts as cards, filters them and downloads them', async ({ page }) => {
    await journey(page, { phone: true, screenshot: '/tmp/audit-phone.png' });
  });
});
