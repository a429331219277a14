import { login, PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { adminClient } from './support/api';
import { serveTxtRecords } from './support/dns';
import { linkIn, mailsTo, waitForMail } from './support/mail';
import { ADMIN, expectSignedInLayout, signInThroughUi } from './support/sign-in';

/**
 * A super admin creates an organisation, adds its domain, verifies a second one an admin of
 * that organisation added (against a real DNS server), and deletes the organisation through
 * the mailed link and the code shown when asking.
 */
test('a super admin creates an organisation, verifies a domain and deletes the organisation', async ({ page }) => {
  const admin = await adminClient();
  let created = '';
  try {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Administration' }).click();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Organisations/ })
      .first()
      .click();
    await page
      .getByRole('link', { name: 'New organisation' })
      .or(page.getByRole('button', { name: 'New organisation' }))
      .first()
      .click();
    await page.getByRole('textbox', { name: /Name of the organisation/ }).fill('Initech');
    await page.getByRole('textbox', { name: /First name/ }).fill('Bill');
    await page.getByRole('textbox', { name: /Last name/ }).fill('Lumbergh');
    await page.getByRole('textbox', { name: /Contact email/ }).fill('bill@initech.example');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: 'Initech', level: 1 })).toBeVisible();
    created = /\/admin\/organizations\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    expect(created).not.toBe('');

    // A super admin's domain is active at once and becomes the primary one.
    await page.getByRole('textbox', { name: 'Domain' }).fill('initech.example');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const first = page.getByRole('row', { name: /initech\.example/ });
    await expect(first).toContainText('Active');
    await expect(first).toContainText('Primary');

    // An admin of Initech adds a second domain: it waits for the DNS record.
    await admin.call(routes.user.create, {
      body: { email: 'it@initech.example', role: 20, organizationId: created, password: 'Initial!pass1' },
    });
    const itAdmin = new PerchClient({ baseUrl: baseURL });
    const pre = await itAdmin.call(routes.auth.updatePassword, {
      body: {
        email: 'it@initech.example',
        password: 'Initial!pass1',
        newPassword: 'Chosen!pass2',
        organizationId: created,
      },
    });
    expect(pre.accessToken).toBeTruthy();
    await login(itAdmin, { email: 'it@initech.example', password: 'Chosen!pass2', organizationId: created });
    await itAdmin.call(routes.organization.addDomain, { params: { id: created, domain: 'mail.initech.example' } });
    await page.reload();
    const pending = page.getByRole('row', { name: /mail\.initech\.example/ }).first();
    await expect(pending).toContainText('Waiting for verification');
    const card = page.getByRole('region', { name: 'Verify mail.initech.example' });
    const value = (await card.getByText(/^perch-verification=/).textContent())!.trim();

    // Without the record: a clear refusal. With it (a real DNS server): active.
    await card.getByRole('button', { name: 'Verify now' }).click();
    await expect(card.getByRole('alert')).toContainText('The TXT record was not found');
    const stopDns = await serveTxtRecords({ 'mail.initech.example': value });
    try {
      await card.getByRole('button', { name: 'Verify now' }).click();
      await expect(pending).toContainText('Active');
    } finally {
      await stopDns();
    }

    // Delete: the code is shown here, the link goes to the super admin's mailbox.
    await page.getByRole('button', { name: 'Delete organisation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send confirmation link' }).click();
    const sent = page.getByRole('dialog', { name: 'Confirm the deletion' });
    const code = (await sent.getByLabel('Confirmation code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    // The footer's Close (the dialog's ✕ is called Close too).
    await sent.getByRole('button', { name: 'Close' }).last().click();
    const mail = await waitForMail(ADMIN.email);
    expect(mail.subject).toBe('Confirm the deletion of Initech');
    await page.goto(linkIn(mail));
    await page.getByRole('textbox', { name: /Confirmation code/ }).fill(code);
    await page.getByRole('button', { name: 'Delete the organisation' }).click();
    await expect(page.getByText('The organisation was deleted')).toBeVisible();
    created = '';
    await page.getByRole('link', { name: 'Back to organisations' }).click();
    await expect(page.getByRole('row', { name: /Initech/ })).toHaveCount(0);
  } finally {
    // Leave the server with one organisation for the other journeys, whatever happened above.
    if (created) {
      const before = (await mailsTo(ADMIN.email)).length;
      const { code } = await admin.call(routes.organization.delete, { params: { id: created } });
      const mail = await waitForMail(ADMIN.email, before + 1);
      const link = /delete\/([0-9a-f-]{36})/.exec(mail.text)?.[1] ?? '';
      await admin.call(routes.organization.confirmDeletion, { params: { id: link }, body: { code } });
    }
  }
});

test('the organisations and domains tables scroll inside their cards on a phone, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInThroughUi(page);
  await expectSignedInLayout(page);
  for (const [path, table] of [
    ['/ui/admin/organizations', 'Organisations'],
    ['/ui/admin/domains', 'Domains'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('table', { name: table })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
  }
});
