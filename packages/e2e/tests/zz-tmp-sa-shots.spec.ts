import { Role, routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import { adminClient, createUser, unique } from './support/api';
import { signInThroughUi } from './support/sign-in';

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport, deviceScaleFactor: 2 });
    test(`shots ${label}`, async ({ page }) => {
      const admin = await adminClient();
      const name = unique('Shot').replace(/\s+/g, '');
      const person = await createUser(admin, { firstname: 'Grace', lastname: name }, `g.${name.toLowerCase()}@perch.local`);
      const { id: robot } = await admin.call(routes.user.create, {
        body: { email: `r_${name.toLowerCase()}@perch.local`, firstname: 'Robo', lastname: name, role: Role.ServiceAccountReadOnly, password: 'Robot!pass1' },
      });
      await admin.call(routes.apiToken.create, { params: { id: robot } });
      await signInThroughUi(page);
      await page.route(`**/user/${person.id}`, async (route) => {
        const res = await route.fetch();
        const json = await res.json();
        await route.fulfill({ response: res, json: { ...json, totpEnabled: true, hasPasskeys: true } });
      });
      await page.goto(`/ui/admin/users/${person.id}`);
      const factors = page.getByRole('region', { name: 'Two-factor sign-in' });
      await expect(factors.getByRole('button', { name: 'Remove passkeys' })).toBeVisible();
      await factors.screenshot({ path: `/tmp/sa-shot-factors-${label}.png` });
      await factors.getByRole('button', { name: 'Reset authenticator app' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveCSS('opacity', '1');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/sa-shot-confirm-${label}.png` });
      await page.keyboard.press('Escape');
      await page.goto(`/ui/admin/users/${robot}`);
      const card = page.getByRole('region', { name: 'API token' });
      await expect(card.getByText('Active').first()).toBeVisible();
      await card.screenshot({ path: `/tmp/sa-shot-token-${label}.png` });
      await card.getByRole('button', { name: 'Replace token' }).click();
      await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
      await page.getByRole('dialog').getByRole('button', { name: 'Replace token' }).click();
      const modal = page.getByRole('dialog', { name: 'New API token' });
      await expect(modal).toHaveCSS('opacity', '1');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/sa-shot-modal-${label}.png` });
    });
  });
}
