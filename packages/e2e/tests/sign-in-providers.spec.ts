import AxeBuilder from '@axe-core/playwright';
import type { PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';
import { generate } from 'otplib';
import { adminClient, saveSettings, settingValue, signedInClient, unique } from './support/api';
import { createPerson } from './support/booking-helpers';
import { ADMIN, expectSignedInLayout } from './support/sign-in';

/**
 * Company sign-in in a real browser: an OpenID provider (oauth2-mock-server) and a SAML identity
 * provider (the server's test IdP process), both on loopback ports next to Perch's. Admins set
 * providers up on the screen and test them; people sign in through them, are created on their
 * first sign-in, sign out through the provider, and are told why when they may not sign in. An
 * account with a password is never taken over by a provider sign-in: its owner links it in the
 * preferences, and a provider that does not check two factors itself leaves the account's own
 * second factor to be given on the way back.
 */

const PORT = Number(process.env.E2E_PORT ?? 8190);
const OIDC_PORT = PORT + 7;
const SAML_PORT = PORT + 8;
const SAML_IDP_SCRIPT = fileURLToPath(
  new URL('../../server/src/test-support/saml-idp/idp-process.mjs', import.meta.url),
);
const SAML_CERTIFICATE = readFileSync(
  fileURLToPath(new URL('../../server/src/test-support/saml-idp/idp-cert.pem', import.meta.url)),
  'utf8',
);
/** Set to a folder to keep screenshots of the screens (desktop, 375 px, Hebrew). */
const SHOTS = process.env.E2E_SCREENSHOTS;
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const oidc = new OAuth2Server();
/** What the OpenID provider says about the person signing in (user info and ID token). */
let person: { email: string; given_name: string; family_name: string };
let samlIdp: ChildProcess | undefined;
let admin: PerchClient;
/** The provider the people's journeys sign in through (made through the API). */
let companyId = '';
const companyName = unique('Company ID');

const issuer = () => oidc.issuer.url!;
const email = (name: string) => `${unique(name).replace(/\s+/g, '.').toLowerCase()}@perch.local`;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  // From the top: a full-page picture of a scrolled page repeats the fixed header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * The page at desktop and phone width, in English and right to left, put back as it was afterwards.
 * The language is switched at desktop width, where the header shows its menu.
 */
async function shotsAcrossLayouts(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const before = page.viewportSize()!;
  const phone = async (suffix: string) => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `${name}-phone${suffix}`);
    await page.setViewportSize(before);
  };
  await shot(page, `${name}-desktop`);
  await phone('');
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitem', { name: /עברית/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shot(page, `${name}-desktop-he`);
  await phone('-he');
  await page.getByRole('button', { name: /שפה|Language/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
}

/** The code an authenticator app shows `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`);
}

/** The admin signs in with the password: with providers set up, that is a choice after the email. */
async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/ui/login');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in with email and password' }).click();
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedInLayout(page);
}

/** A person starts on the sign-in page: the email, then the organisation's provider button. */
async function startProviderSignIn(page: Page, address: string, provider: string): Promise<void> {
  await page.goto('/ui/login');
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: `Sign in with ${provider}` }).click();
}

function startSamlIdp(): Promise<void> {
  const proc = spawn(process.execPath, [SAML_IDP_SCRIPT, String(SAML_PORT)], { stdio: ['ignore', 'pipe', 'pipe'] });
  samlIdp = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"ready"')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`The SAML IdP exited with ${code}`)));
  });
}

test.beforeAll(async () => {
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(OIDC_PORT, '127.0.0.1');
  // By address, as Perch reaches it: the server resolves host names through DNS_SERVER, which the
  // journeys point at a DNS server only some of them start (the mock would say `localhost`).
  oidc.issuer.url = `http://127.0.0.1:${OIDC_PORT}`;
  oidc.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
    res.body = { sub: 'johndoe', ...person };
  });
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { email: person.email });
  });
  await startSamlIdp();
  admin = await adminClient();
  ({ id: companyId } = await admin.call(routes.authProvider.create, {
    body: {
      name: companyName,
      providerType: 1,
      issuer: issuer(),
      authUrl: `${issuer()}/authorize`,
      scopes: 'openid,email,profile',
      userInfoEmailField: 'email',
      userInfoFirstnameField: 'given_name',
      userInfoLastnameField: 'family_name',
      clientId: 'perch',
      clientSecret: 'perch-secret',
      logoutUrl: `${issuer()}/endsession?post_logout_redirect_uri={logoutRedirectUri}`,
    },
  }));
});

test.beforeEach(() => {
  person = { email: email('someone'), given_name: 'Sam', family_name: 'Someone' };
});

// Other journeys sign in with a password right after the email: leave no provider (and no
// account bound to one) behind.
test.afterAll(async () => {
  const providers = await admin.call(routes.authProvider.list);
  const ids = new Set(providers.map((p) => p.id));
  const users = await admin.call(routes.user.list, { query: { limit: 1000 } });
  for (const user of users.filter((u) => ids.has(u.authProviderId)))
    await admin.call(routes.user.delete, { params: { id: user.id } });
  for (const id of ids) await admin.call(routes.authProvider.delete, { params: { id } });
  await oidc.stop();
  samlIdp?.kill('SIGTERM');
});

test('an admin adds an OpenID provider on the screen and a test sign-in shows what it sent', async ({ page }) => {
  const name = unique('Staff login');
  person = { email: 'tess.tester@perch.local', given_name: 'Tess', family_name: 'Tester' };
  await signInAsAdmin(page);
  await page.goto('/ui/admin');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Sign-in providers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in providers' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(companyName) })).toBeVisible();
  await expect(page.getByRole('switch', { name: /Create accounts on first sign-in/ })).toBeChecked();
  await shot(page, 'providers-list-desktop');
  expect(await violations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Add provider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New sign-in provider' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'OpenID issuer' }).fill(issuer());
  // The issuer's discovery supplies the endpoints; the client is still asked for.
  await page.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByRole('textbox', { name: 'Client ID' })).toBeFocused();
  await expect(page.getByText('Please fill in this field.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Authorisation URL' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Client ID' }).fill('perch');
  await page.getByLabel('Client secret').fill('perch-secret');
  await shot(page, 'provider-new-desktop');
  expect(await violations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add provider' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const redirectUri = page.getByRole('textbox', { name: 'Redirect URI' });
  await expect(redirectUri).toHaveValue(/\/auth\/[0-9a-f-]{36}\/callback$/);
  await expect(page.getByText('Leave empty to keep the stored secret.')).toBeVisible();
  await shot(page, 'provider-edit-desktop');

  const [result] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /Test sign-in/ }).click(),
  ]);
  await expect(result.getByRole('heading', { level: 1, name: `Test of ${name}` })).toBeVisible();
  await expect(result.getByText('The provider signed in tess.tester@perch.local.')).toBeVisible();
  await expect(result.getByText('This person can sign in to Perch.')).toBeVisible();
  await expect(result.getByRole('row', { name: /given_name\s+Tess/ })).toBeVisible();
  await shot(result, 'provider-test-result-desktop');
  expect(await violations(result)).toEqual([]);
  // Nobody was created by the test.
  expect(await admin.call(routes.user.list, { query: { q: 'tess.tester' } })).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a new person signs in through the provider and gets an account on the first sign-in', async ({ page }) => {
    person = { email: email('nina'), given_name: 'Nina', family_name: 'Newcomer' };
    expect(await settingValue(admin, 'allow_any_user')).toBe('1');
    await startProviderSignIn(page, person.email, companyName);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await expectSignedInLayout(page);
    await expect(page.getByRole('button', { name: 'Account menu of Nina Newcomer' })).toBeVisible();
    const [created] = await admin.call(routes.user.list, { query: { q: person.email } });
    expect(created).toMatchObject({ email: person.email, firstname: 'Nina', authProviderId: companyId, role: 0 });
  });

  test('the provider screens fit a phone', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`/ui/admin/auth-providers/${companyId}`);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'provider-edit-375');
    await page.goto('/ui/admin/auth-providers/add');
    await page.getByRole('radio', { name: 'SAML 2.0' }).check();
    await expect(page.getByRole('textbox', { name: 'Signing certificate' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'provider-new-saml-375');
  });
});

test('signing out of a provider account also signs out at the provider', async ({ page }) => {
  person = { email: email('olga'), given_name: 'Olga', family_name: 'Outgoing' };
  await startProviderSignIn(page, person.email, companyName);
  await expect(page.getByRole('button', { name: 'Account menu of Olga Outgoing' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('perch.logoutUrl'))).toContain(`${issuer()}/endsession`);

  const endSession = page.waitForRequest((request) => request.url().startsWith(`${issuer()}/endsession`));
  await page.getByRole('button', { name: 'Account menu of Olga Outgoing' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const request = await endSession;
  expect(new URL(request.url()).searchParams.get('post_logout_redirect_uri')).toMatch(/\/ui\/login\/\?noredirect=1$/);
  // The provider sends the browser back to Perch's sign-in page, signed out and not sent straight back.
  await expect(page).toHaveURL(/\/ui\/login\/?\?noredirect=1$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('perch.refreshToken'))).toBeNull();
});

test('an unknown person is told the account may not be activated when accounts are not created', async ({ page }) => {
  person = { email: email('uma'), given_name: 'Uma', family_name: 'Unknown' };
  await saveSettings(admin, [{ name: 'allow_any_user', value: '0' }]);
  try {
    await startProviderSignIn(page, person.email, companyName);
    await expect(page).toHaveURL(/\/ui\/login\/failed\/\?reason=login/);
    await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'Sign-in failed: your account may not be activated in this organisation. Ask your administrator.',
    );
    await shot(page, 'login-failed-desktop');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/ui\/login\?noredirect=1$/);
    expect(await admin.call(routes.user.list, { query: { q: person.email } })).toEqual([]);
  } finally {
    await saveSettings(admin, [{ name: 'allow_any_user', value: '1' }]);
  }
});

test('an admin sets up a SAML provider in Hebrew and a person signs in through it', async ({ page, browser }) => {
  const name = unique('Campus SAML');
  await signInAsAdmin(page);
  await page.goto('/ui/admin/auth-providers/add');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('radio', { name: 'SAML 2.0' }).check();
  await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Single sign-on URL' }).fill(`http://127.0.0.1:${SAML_PORT}/sso`);
  await page
    .getByRole('textbox', { name: 'Identity provider entity ID' })
    .fill(`http://127.0.0.1:${SAML_PORT}/metadata`);
  await page.getByRole('textbox', { name: 'Signing certificate' }).fill(SAML_CERTIFICATE);
  await page.getByRole('textbox', { name: 'Email field' }).fill('email');
  await page.getByRole('textbox', { name: 'First name field' }).fill('givenName');
  await page.getByRole('textbox', { name: 'Last name field' }).fill('sn');
  await page.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Assertion consumer service (ACS) URL' })).toHaveValue(
    /\/auth\/[0-9a-f-]{36}\/callback$/,
  );
  await expect(page.getByRole('textbox', { name: 'Service provider metadata URL' })).toHaveValue(
    /\/auth\/[0-9a-f-]{36}\/saml\/metadata$/,
  );

  // The same screen right to left.
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitem', { name: /עברית/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'רישום Perch אצל הספק' })).toBeVisible();
  await shot(page, 'provider-edit-saml-he');
  await page.getByRole('button', { name: /שפה|Language/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();

  const context = await browser.newContext();
  const personPage = await context.newPage();
  const address = email('sasha');
  await startProviderSignIn(personPage, address, name);
  await expect(personPage.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await personPage.getByLabel('Email').fill(address);
  await personPage.getByLabel('First name').fill('Sasha');
  await personPage.getByLabel('Last name').fill('Samlsson');
  await personPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(personPage.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
  await expect(personPage.getByRole('button', { name: 'Account menu of Sasha Samlsson' })).toBeVisible();
  await context.close();
});

test('a password account links itself to the provider, which then asks for its authenticator code', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const owner = await createPerson(admin, 0, 'Linker');
  // The owner has an authenticator app (set up through the API; its own journey is second-factors.spec.ts).
  const own = await signedInClient(owner.email, owner.password);
  const { stateId } = await own.call(routes.totp.generate);
  const { secret } = await own.call(routes.totp.secret, { params: { id: stateId } });
  await own.call(routes.totp.validate, { body: { stateId, code: await codeAt(secret) } });
  const { codes } = await own.call(routes.totp.newRecoveryCodes);
  person = { email: owner.email, given_name: 'Lina', family_name: 'Linker' };

  // The provider names the account's email, but an account with a password is not taken over.
  await startProviderSignIn(page, owner.email, companyName);
  await expect(page).toHaveURL(/\/ui\/login\/failed\/?\?reason=link&error=link_required/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This account has a password: sign in with it, then link the sign-in provider under Preferences › Security. From then on you sign in through the provider.',
  );
  await expect(page.getByText('What the sign-in provider said')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await shotsAcrossLayouts(page, 'login-failed-link');
  expect((await admin.call(routes.user.get, { params: { id: owner.id } })).authProviderId).toBe('');

  // The owner signs in with the password and the code, then links the account in the preferences.
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email address').fill(owner.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in with email and password' }).click();
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A recovery code: setting the app up used the current code, and each code signs in once.
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expectSignedInLayout(page);
  await page.goto('/ui/preferences?tab=security');
  const companySignIn = page.getByRole('region', { name: 'Company sign-in' });
  await expect(companySignIn.getByText(/Sign in with your company account instead of a password/)).toBeVisible();
  await shotsAcrossLayouts(page, 'security-company-sign-in');
  await companySignIn.getByRole('button', { name: `Link to ${companyName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Link your account to ${companyName}?` });
  await expect(confirm.getByText(owner.email)).toBeVisible();
  await expect(confirm.getByText(`Afterwards you sign in through ${companyName} only.`)).toBeVisible();
  await expect(confirm.getByText('Your Perch password stops working.')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shot(page, 'security-link-modal-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'security-link-modal-phone');
  await page.setViewportSize({ width: 1280, height: 860 });
  await confirm.getByRole('button', { name: `Continue to ${companyName}` }).click();

  // Back from the provider: linked, and said so; the address no longer carries the provider.
  await expect(page).toHaveURL(/\/ui\/preferences\?tab=security$/);
  await expect(companySignIn.getByRole('status')).toHaveText(
    `Your account is now linked to ${companyName}. From now on you sign in through ${companyName}.`,
  );
  await expect(companySignIn.getByText(`You sign in through ${companyName}.`, { exact: true })).toBeVisible();
  await expect(companySignIn.getByRole('button', { name: `Link to ${companyName}` })).toHaveCount(0);
  // The password no longer signs in, so it is not offered for change either.
  await expect(page.getByRole('heading', { name: 'Change password' })).toHaveCount(0);
  await shot(page, 'security-linked-desktop');
  expect((await admin.call(routes.user.get, { params: { id: owner.id } })).authProviderId).toBe(companyId);
  // The password no longer signs in.
  await expect(signedInClient(owner.email, owner.password)).rejects.toThrow();

  // Signed out, the provider's sign-in ends on the account's own second factor, sent with the ticket.
  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await startProviderSignIn(page, owner.email, companyName);
  await expect(page).toHaveURL(/\/ui\/login\/success\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('perch.accessToken'))).toBeNull();
  expect(await violations(page)).toEqual([]);
  await shotsAcrossLayouts(page, 'login-success-code');
  await page.getByLabel('Authentication code').fill('000000');
  await expect(page.getByRole('alert')).toHaveText(/^That code did not work/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  // The next time step's code: setting the app up used the current one, and each works once.
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 30));
  await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu of Lina Linker' })).toBeVisible();
});

test('linking ends on an explanation when the provider signs in another email', async ({ page }) => {
  const owner = await createPerson(admin, 0, 'Mismatch');
  person = { email: email('someone-else'), given_name: 'Someone', family_name: 'Else' };
  await page.goto('/ui/login');
  await page.getByLabel('Email address').fill(owner.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in with email and password' }).click();
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedInLayout(page);
  await page.goto('/ui/preferences?tab=security');
  await page
    .getByRole('region', { name: 'Company sign-in' })
    .getByRole('button', { name: `Link to ${companyName}` })
    .click();
  await page
    .getByRole('dialog', { name: `Link your account to ${companyName}?` })
    .getByRole('button', { name: `Continue to ${companyName}` })
    .click();
  await expect(page).toHaveURL(/\/ui\/login\/failed\/?\?reason=link&error=email_mismatch/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account not linked' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/another email address than your account's/);
  await expect(page.getByText(person.email)).toHaveCount(0);
  await shot(page, 'login-failed-link-mismatch-desktop');
  await page.getByRole('link', { name: 'Back to Preferences' }).click();
  await expect(page.getByRole('region', { name: 'Company sign-in' })).toBeVisible();
  expect((await admin.call(routes.user.get, { params: { id: owner.id } })).authProviderId).toBe('');
});
