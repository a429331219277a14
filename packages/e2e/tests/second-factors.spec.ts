import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { baseURL } from '../playwright.config';
import { adminClient, saveSettings, settingValue, type TestUser } from './support/api';
import { createPerson } from './support/booking-helpers';
import { ADMIN, expectSignedInLayout } from './support/sign-in';

/**
 * Two-factor sign-in: an authenticator app (codes computed here with otplib) with its recovery
 * codes, passkeys with Chromium's virtual authenticator, and the organisation requiring a second
 * factor. WebAuthn refuses IP addresses, and the relying party is the organisation's primary
 * domain (`localhost`), so the passkey journey opens the app at localhost.
 */

const LOCALHOST = baseURL.replace('127.0.0.1', 'localhost');

/** The code an authenticator app shows `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/**
 * A code for a sign-in: the next time step's, which the server accepts (one step of drift) and
 * which no earlier code of this journey has used (a code works once).
 */
const nextCode = (secret: string) => codeAt(secret, 30);

async function signIn(page: Page, user: { email: string; password: string }, origin = baseURL) {
  await page.goto(`${origin}/ui/login`);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/**
 * Sets up the authenticator app in the open setup form: reads the key, confirms with a code,
 * and returns the key and the recovery codes shown once.
 */
async function enrolAuthenticator(page: Page, scope = page.locator('body')) {
  await expect(scope.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await scope.getByRole('button', { name: "Can't scan? Show the key" }).click();
  // Shown in groups of four characters.
  const secret = (await scope.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // Six digits submit the form by themselves.
  await scope.getByLabel('Code from the app').fill(await codeAt(secret));
  await expect(scope.getByText('Your authenticator app is set up.', { exact: false })).toBeVisible();
  const list = scope.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  await scope.getByRole('button', { name: 'I have saved my codes' }).click();
  return { secret, codes: codes.map((c) => c.trim()) };
}

test.describe('authenticator app', () => {
  test('a user turns it on, then signs in with a code and once with a recovery code', async ({ page }) => {
    const person = await createPerson(await adminClient(), 0, 'Totp');
    await signIn(page, person);
    await expectSignedInLayout(page);

    await page.goto('/ui/preferences?tab=security');
    const section = page.getByRole('region', { name: 'Authenticator app' });
    await expect(section.getByText(/^off$/i)).toBeVisible();
    await section.getByRole('button', { name: 'Set up authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    const { secret, codes } = await enrolAuthenticator(page, dialog);
    await expect(dialog).toBeHidden();
    await expect(section.getByText(/^on$/i)).toBeVisible();
    await expect(section.getByText('10 recovery codes left')).toBeVisible();
    await page.screenshot({ path: '/tmp/second-factor-security-desktop.png', fullPage: true });

    // Password, then the code from the app.
    await signOut(page);
    await signIn(page, person);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.screenshot({ path: '/tmp/second-factor-totp-step.png' });
    await page.getByLabel('Authentication code').fill('000000');
    await expect(page.getByRole('alert')).toHaveText(/That code did not work/);
    await page.getByLabel('Authentication code').fill(await nextCode(secret));
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();

    // A recovery code instead, which then is used up.
    await signOut(page);
    await signIn(page, person);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await page.goto('/ui/preferences?tab=security');
    await expect(page.getByText('9 recovery codes left')).toBeVisible();

    await signOut(page);
    await signIn(page, person);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/That recovery code did not work/);
  });
});

test.describe('passkeys', () => {
  test('a user adds a passkey, signs in with it alone and as the second step', async ({ page }) => {
    const person: TestUser = await createPerson(await adminClient(), 0, 'Passkey');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signIn(page, person, LOCALHOST);
    await expectSignedInLayout(page);
    await page.goto(`${LOCALHOST}/ui/preferences?tab=security`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill('Virtual key');
    await dialog.getByRole('button', { name: 'Create passkey' }).click();
    await expect(dialog).toBeHidden();
    const item = section.getByRole('listitem').filter({ hasText: 'Virtual key' });
    await expect(item).toContainText('never used');

    // Rename it.
    await section.getByRole('button', { name: 'Rename passkey Virtual key' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Name').fill('Chromium key');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('listitem').filter({ hasText: 'Chromium key' })).toBeVisible();

    // The passkey alone: no password.
    await signOut(page);
    await page.goto(`${LOCALHOST}/ui/login`);
    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();

    // The password, then the passkey as the second step (the prompt opens by itself).
    await signOut(page);
    await signIn(page, person, LOCALHOST);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await page.goto(`${LOCALHOST}/ui/preferences?tab=security`);
    await expect(section.getByRole('listitem').filter({ hasText: 'Chromium key' })).toContainText('last used');

    // Removing it.
    await section.getByRole('button', { name: 'Remove passkey Chromium key' }).click();
    await page.getByRole('dialog', { name: 'Remove passkey?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  });

  test('away from the primary domain, the screen says where passkeys can be added', async ({ page }) => {
    const person = await createPerson(await adminClient(), 0, 'Elsewhere');
    await signIn(page, person);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await page.goto('/ui/preferences?tab=security');
    await page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await expect(dialog.getByRole('link', { name: 'localhost' })).toHaveAttribute(
      'href',
      `${LOCALHOST}/ui/preferences?tab=security`,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('required by the organisation, on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the admin requires a second factor, and a user is led to set one up at sign-in', async ({ page }) => {
    const admin = await adminClient();
    const before = await settingValue(admin, 'enforce_totp');
    const person = await createPerson(admin, 0, 'Enrol');
    try {
      await signIn(page, ADMIN);
      await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
      await page.goto('/ui/admin/settings');
      const choice = page.getByRole('radiogroup', { name: 'Require a second sign-in step' });
      await choice.getByText('Everyone', { exact: true }).click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      // The admin has no second factor either: the enrolment screen stands in front at once.
      await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

      await signIn(page, person);
      await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
      await expect(page.getByText('Your organisation requires everyone to use a second sign-in step.')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      await page.screenshot({ path: '/tmp/second-factor-enrol-phone.png', fullPage: true });
      // Other pages are behind it too.
      await page.goto('/ui/bookings');
      await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();

      await page.getByRole('button', { name: /^Authenticator app/ }).click();
      const { secret } = await enrolAuthenticator(page);
      await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();

      // From now on the code is asked for, and the app cannot be turned off.
      await page.goto('/ui/preferences?tab=security');
      const section = page.getByRole('region', { name: 'Authenticator app' });
      await expect(section.getByText(/cannot be turned off/)).toBeVisible();
      await expect(section.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.removeItem('perch.refreshToken');
      });
      await signIn(page, person);
      await page.getByLabel('Authentication code').fill(await nextCode(secret));
      await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    } finally {
      await saveSettings(admin, [{ name: 'enforce_totp', value: before || '0' }]);
    }
  });
});
