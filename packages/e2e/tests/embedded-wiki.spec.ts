import AxeBuilder from '@axe-core/playwright';
import type { PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { copyFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { baseURL } from '../playwright.config';
import { saveSettings, settingValue, unique } from './support/api';
import {
  adminClient,
  areaDate,
  createArea,
  createPerson,
  searchUrl,
  signInAs,
  type TestArea,
} from './support/booking-helpers';
import { ADMIN, expectSignedInLayout } from './support/sign-in';

/**
 * The embedded mode from the team wiki's side: a "wiki page" on another origin (its own small
 * HTTP server on `E2E_PORT + 11`, reached as `localhost`, so another site than Perch's
 * `127.0.0.1`) shows Perch in a frame opened at `/confluence/<org id>/<token>`, with a token
 * signed here with `jose`. Admins connect the wiki on its screen; a wiki user books in the frame
 * and merges the wiki's account into a password account (which confirms with its password and
 * takes the wiki identity over only when ticked); a site that is not allowed cannot frame Perch.
 * Pictures of the screens go to the test's output folder and to `/tmp/wiki-*.png`.
 */

const PORT = Number(process.env.E2E_PORT ?? 8190);
/** The wiki's pages, allowed to frame Perch. */
const WIKI_PORT = PORT + 11;
/** Another site, not in the list. */
const OTHER_PORT = PORT + 12;
const WIKI_ORIGIN = `http://localhost:${WIKI_PORT}`;
const OTHER_ORIGIN = `http://localhost:${OTHER_PORT}`;
const WIKI_SETTINGS = ['confluence_server_shared_secret', 'confluence_frame_origins', 'confluence_anonymous'];

let admin: PerchClient;
let organizationId = '';
/** An active domain of the organisation for the wiki users' addresses (the default `localhost` has no dot). */
const wikiDomain = `${unique('wiki').replace(/\s+/g, '-').toLowerCase()}.perch.test`;
let saved: { name: string; value: string }[] = [];
const servers: Server[] = [];

/** A wiki page around Perch's frame (`?src=` is the frame's address). */
function wikiPage(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f5f7; }
  header { height: 40px; display: flex; align-items: center; padding: 0 16px; background: #0747a6; color: #fff; }
  h1 { font-size: 15px; margin: 0; }
  iframe { display: block; border: 0; width: 100%; height: calc(100vh - 40px); background: #fff; }
</style></head>
<body><header><h1>${title}</h1></header><iframe title="Perch" id="perch"></iframe>
<script>document.getElementById('perch').src = new URLSearchParams(location.search).get('src');</script>
</body></html>`;
}

function startWiki(port: number, title: string): Promise<void> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(wikiPage(title));
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/**
 * The token the wiki app signs: the wiki user (an email, a name or '' for anonymous), 5 minutes.
 * Perch lets each token in once, so every one carries an id of its own (two in the same second
 * would otherwise be the same token).
 */
function wikiToken(secret: string, user: string, expiresIn = '5m'): Promise<string> {
  return new SignJWT({ user })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

async function signInAddress(secret: string, user: string, expiresIn?: string): Promise<string> {
  return `${baseURL}/confluence/${organizationId}/${await wikiToken(secret, user, expiresIn)}`;
}

/** Opens the wiki page (on `origin`) with Perch framed at `src`. */
async function openWiki(page: Page, src: string, origin = WIKI_ORIGIN): Promise<FrameLocator> {
  await page.goto(`${origin}/?src=${encodeURIComponent(src)}`);
  return page.frameLocator('iframe[title="Perch"]');
}

/** The frame's own page, for what a locator cannot do (measure, evaluate). */
function perchFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(baseURL));
  if (!frame) throw new Error('Perch is not framed');
  return frame;
}

/**
 * Moves the framed app to one of its pages without reloading it (as its own links do): this
 * Chromium blocks storage in third-party frames, so the session lives in the page's memory and a
 * reload would need a new sign-in from the wiki.
 */
async function frameGoTo(page: Page, path: string): Promise<void> {
  await perchFrame(page).evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function shot(page: Page, name: string): Promise<void> {
  // No tooltip of a link under the pointer, and transitions (a dialog opening) settled.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  const path = test.info().outputPath(`wiki-${name}.png`);
  await page.screenshot({ path });
  await copyFile(path, `/tmp/wiki-${name}.png`);
}

/** A full-height picture of a page that scrolls (the settings screen). */
async function tallShot(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: before.width, height: Math.min(Math.max(height, before.height), 4000) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  await page.setViewportSize(before);
}

/** Serious and critical WCAG A/AA findings on the page, its frames included. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function noHorizontalOverflow(target: Page | Frame): Promise<void> {
  await expect
    .poll(() => target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

test.beforeAll(async () => {
  await Promise.all([startWiki(WIKI_PORT, 'Team wiki · Desk booking'), startWiki(OTHER_PORT, 'Some other site')]);
  admin = await adminClient();
  organizationId = (await admin.call(routes.user.me)).organizationId;
  const current = await admin.call(routes.setting.list);
  saved = WIKI_SETTINGS.map((name) => ({ name, value: current.find((s) => s.name === name)?.value ?? '' }));
  // A super admin's domain is active at once.
  await admin.call(routes.organization.addDomain, { params: { id: organizationId, domain: wikiDomain } });
});

test.afterAll(async () => {
  // The secret reads "1" when set: it cannot be put back, only cleared.
  await saveSettings(
    admin,
    saved.map(({ name, value }) => ({ name, value: name === 'confluence_server_shared_secret' ? '' : value })),
  );
  await admin.call(routes.organization.removeDomain, { params: { id: organizationId, domain: wikiDomain } });
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Connects the wiki through the API: a known secret (32 bytes at least), the wiki's origin, anonymous visitors as asked. */
async function connectWiki(anonymous: '0' | '1' = '0'): Promise<string> {
  const secret = `e2e-${unique('secret').replace(/\s+/g, '-')}-0123456789abcdefghij`;
  await saveSettings(admin, [
    { name: 'confluence_server_shared_secret', value: secret },
    { name: 'confluence_frame_origins', value: WIKI_ORIGIN },
    { name: 'confluence_anonymous', value: anonymous },
  ]);
  return secret;
}

async function bookInFrame(page: Page, frame: FrameLocator, area: TestArea, desk: string, subject: string) {
  const day = areaDate(3);
  await frameGoTo(page, searchUrl(area, `${day}T09:00`, `${day}T17:00`));
  await expect(frame.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
  await frame
    .getByRole('group', { name: /^Floor plan of / })
    .getByRole('button', { name: `${desk} — Available` })
    .click();
  const dialog = frame.getByRole('dialog', { name: desk });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('button', { name: 'Book this space' }).click();
  await expect(dialog.getByText('Your booking has been confirmed!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(frame.getByRole('dialog', { name: desk })).toHaveCount(0);
}

test('an admin connects the team wiki: generated secret, allowed address, anonymous visitors', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ui/login');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedInLayout(page);
  await page.goto('/ui/admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Team wiki' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team wiki integration' })).toBeVisible();

  // What the wiki app needs, to copy.
  const setup = page.getByRole('region', { name: 'Connect the wiki' });
  await expect(setup.getByRole('textbox', { name: 'Organisation ID' })).toHaveValue(organizationId);
  await expect(setup.getByRole('textbox', { name: 'Perch address' })).toHaveValue(baseURL);
  await expect(setup.getByRole('textbox', { name: /^Sign-in address/ })).toHaveValue(
    `${baseURL}/confluence/${organizationId}/<token>`,
  );
  await expect(setup.getByRole('button', { name: 'Copy Organisation ID' })).toBeVisible();

  // A secret of fewer than 32 bytes is refused; Generate makes a strong one, shown to be copied before saving.
  const secretInput = page.getByLabel(/^(New shared secret|Shared secret)/);
  await secretInput.fill('a-secret-of-thirty-one-bytes-xy');
  await expect(page.getByText('Use at least 32 bytes (plain letters and digits are one byte each).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(secretInput).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  await expect(secretInput).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  const secret = await secretInput.inputValue();

  const origins = page.getByRole('textbox', { name: /^Wiki addresses allowed to show Perch/ });
  await origins.fill(`${WIKI_ORIGIN}/display/DESK`);
  await expect(page.getByText(`“${WIKI_ORIGIN}/display/DESK” is not a site address.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  await origins.fill(`${WIKI_ORIGIN}/`);
  await page.getByRole('switch', { name: /^Anonymous wiki visitors may book/ }).check();
  // Wiki users on domains the organisation has not verified stay out unless an admin lets them in.
  await expect(page.getByRole('switch', { name: /^Let in wiki users from other domains/ })).not.toBeChecked();
  await expect(page.getByText('Unsaved changes: 3')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await tallShot(page, 'onboarding-desktop');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('A shared secret is set.')).toBeVisible();
  await expect(page.getByText('All changes are saved.')).toBeVisible();
  await expect(origins).toHaveValue(WIKI_ORIGIN);
  expect(await settingValue(admin, 'confluence_frame_origins')).toBe(WIKI_ORIGIN);

  await page.setViewportSize({ width: 375, height: 740 });
  await noHorizontalOverflow(page);
  await tallShot(page, 'onboarding-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'עברית' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'שילוב עם ויקי הצוות' })).toBeVisible();
  await tallShot(page, 'onboarding-he');

  // The saved secret works: an anonymous wiki visitor (allowed now) gets into Perch in the frame.
  const wikiContext = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  try {
    const wiki = await wikiContext.newPage();
    const frame = await openWiki(wiki, await signInAddress(secret, ''));
    await expect(frame.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(frame.getByRole('button', { name: /^Account menu of confluence-anonymous-/ })).toBeVisible();
  } finally {
    await wikiContext.close();
  }
});

test('a wiki user books in the frame, then merges the wiki’s account into a password account', async ({
  page,
  context,
}) => {
  const secret = await connectWiki();
  const area = await createArea(admin, ['Desk W1', 'Desk W2']);
  const regular = await createPerson(admin, 0, 'Merger');
  const wikiUser = `${unique('ada').replace(/\s+/g, '.').toLowerCase()}@${wikiDomain}`;
  await page.setViewportSize({ width: 1200, height: 800 });

  // Signed in by the wiki: the compact layout, icons named by their pages, no sign-out.
  const frame = await openWiki(page, await signInAddress(secret, wikiUser));
  const nav = frame.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Book a space' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My bookings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  const account = frame.getByRole('button', { name: `Account menu of ${wikiUser}` });
  await account.click();
  await expect(frame.getByRole('menuitem', { name: 'Open Perch in a new tab' })).toBeVisible();
  await expect(frame.getByRole('menuitem', { name: 'Sign out' })).toHaveCount(0);
  await account.click();

  await bookInFrame(page, frame, area, 'Desk W1', 'Wiki planning');
  await nav.getByRole('link', { name: 'My bookings' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  await expect(frame.getByText('Wiki planning').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'embedded-desktop');

  // Phone width: the rail stays, nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 740 });
  await noHorizontalOverflow(perchFrame(page));
  await shot(page, 'embedded-phone');

  // Right to left.
  await frame.getByRole('button', { name: 'Language: English' }).click();
  await frame.getByRole('menuitem', { name: 'עברית' }).click();
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
  await noHorizontalOverflow(perchFrame(page));
  await shot(page, 'embedded-phone-he');
  await page.setViewportSize({ width: 1200, height: 800 });
  await shot(page, 'embedded-desktop-he');
  await frame.getByRole('button', { name: /^שפה/ }).click();
  await frame.getByRole('menuitem', { name: 'English' }).click();
  await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr');

  // Dark, as the system asks (the colour scheme follows it by default).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 740 });
  await shot(page, 'embedded-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1200, height: 800 });

  // The wiki's account asks to be merged into the regular one.
  await frame.getByRole('button', { name: 'Merge into my regular account' }).first().click();
  const merge = frame.getByRole('dialog', { name: 'Merge into my regular account' });
  await merge.getByRole('textbox', { name: /Email of your regular account/ }).fill('nobody-here@perch.local');
  await merge.getByRole('button', { name: 'Request merge' }).click();
  await expect(merge.getByText('There is no active account with this email in your organisation.')).toBeVisible();
  await merge.getByRole('textbox', { name: /Email of your regular account/ }).fill(regular.email);
  await shot(page, 'merge-modal');
  await merge.getByRole('button', { name: 'Request merge' }).click();
  await expect(merge.getByText('Now accept it in Perch')).toBeVisible();
  await expect(merge.getByRole('link', { name: 'Open Perch' })).toHaveAttribute('target', '_blank');
  await shot(page, 'merge-sent');

  // The regular account, in the web app: the bell, the request, accept.
  const web = await context.newPage();
  await signInAs(web, regular);
  // First a look at the accept dialog right to left, then back to English.
  await web.getByRole('button', { name: 'Language: English' }).click();
  await web.getByRole('menuitem', { name: 'עברית' }).click();
  await expect(web.locator('html')).toHaveAttribute('dir', 'rtl');
  await web.getByRole('button', { name: '1 בקשת מיזוג ממתינה' }).click();
  await web
    .getByRole('dialog', { name: 'בקשות מיזוג' })
    .getByRole('button', { name: `אישור הבקשה של ${wikiUser}` })
    .click();
  await expect(web.getByRole('dialog', { name: 'למזג את החשבון הזה לחשבון שלך?' })).toBeVisible();
  await shot(web, 'merge-accept-he');
  await web.keyboard.press('Escape');
  await expect(web.getByRole('dialog', { name: 'למזג את החשבון הזה לחשבון שלך?' })).toHaveCount(0);
  await web.keyboard.press('Escape');
  await expect(web.getByRole('dialog', { name: 'בקשות מיזוג' })).toHaveCount(0);
  await web.getByRole('button', { name: /^שפה/ }).click();
  await web.getByRole('menuitem', { name: 'English' }).click();
  await expect(web.locator('html')).toHaveAttribute('dir', 'ltr');
  const bell = web.getByRole('button', { name: '1 merge request is waiting' });
  await expect(bell).toBeVisible();
  await bell.click();
  const requests = web.getByRole('dialog', { name: 'Merge requests' });
  await expect(requests.getByText(wikiUser)).toBeVisible();
  await shot(web, 'merge-requests');
  await requests.getByRole('button', { name: `Accept the request of ${wikiUser}` }).click();
  // What moves, the wiki identity (only when ticked) and the password to confirm.
  const accept = web.getByRole('dialog', { name: 'Merge this account into yours?' });
  await expect(accept.getByText(`${wikiUser} asks to be merged into your account.`, { exact: false })).toBeVisible();
  await expect(accept.getByRole('list', { name: 'Moves to your account' }).getByRole('listitem')).toHaveText([
    '1 upcoming booking',
  ]);
  const identity = accept.getByRole('checkbox', { name: `Also move the wiki identity ${wikiUser}` });
  await expect(identity).not.toBeChecked();
  await accept.getByLabel(/^Your password/).fill('not-my-password');
  await accept.getByRole('button', { name: 'Merge accounts' }).click();
  await expect(accept.getByRole('alert')).toHaveText('That password is not right.');
  await identity.check();
  await accept.getByLabel(/^Your password/).fill(regular.password);
  expect(await seriousViolations(web)).toEqual([]);
  await shot(web, 'merge-accept');
  await web.setViewportSize({ width: 390, height: 844 });
  await noHorizontalOverflow(web);
  await shot(web, 'merge-accept-phone');
  await web.setViewportSize({ width: 1280, height: 720 });
  await accept.getByRole('button', { name: 'Merge accounts' }).click();
  await expect(web.getByText(`${wikiUser} was merged into your account.`)).toBeVisible();
  await expect(bell).toHaveCount(0);

  // The booking made in the wiki is the regular account's now.
  await web.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My bookings' }).click();
  await expect(web.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  await expect(web.getByText('Wiki planning').first()).toBeVisible();

  // The next sign-in from the wiki opens the regular account.
  const again = await openWiki(page, await signInAddress(secret, wikiUser));
  await expect(again.getByRole('button', { name: 'Account menu of Merger Tester' })).toBeVisible();
  await expect(again.getByText('Merger Tester')).toBeVisible();
  // An account of its own has nothing to merge.
  await expect(again.getByRole('button', { name: 'Merge into my regular account' })).toHaveCount(0);
  await again.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My bookings' }).click();
  await expect(again.getByText('Wiki planning').first()).toBeVisible();
});

test('a site that is not allowed cannot show Perch in a frame', async ({ page }) => {
  const secret = await connectWiki();
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  const frame = await openWiki(page, await signInAddress(secret, `someone@${wikiDomain}`), OTHER_ORIGIN);
  // The browser refuses to show the page, and says why.
  await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(refusals[0]).toContain(WIKI_ORIGIN);
  await expect(frame.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expect(frame.getByText('Perch')).toHaveCount(0);
  expect(page.frames().some((f) => f.url().startsWith(`${baseURL}/ui/`) && f !== page.mainFrame())).toBe(false);

  // The allowed wiki can.
  const allowed = await openWiki(page, await signInAddress(secret, `someone@${wikiDomain}`));
  await expect(allowed.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('the frame says what to do when the wiki’s sign-in does not work', async ({ page }) => {
  const secret = await connectWiki('0');
  // Anonymous visitors may not book here: the wiki's page for them, not a failed sign-in.
  let frame = await openWiki(page, await signInAddress(secret, ''));
  await expect(frame.getByRole('heading', { level: 1, name: 'Please sign in to the wiki to book' })).toBeVisible();
  expect(perchFrame(page).url()).toMatch(/\/ui\/login\/confluence\/anonymous$/);
  await expect(frame.getByRole('link', { name: 'Back to sign in' })).toHaveCount(0);
  await shot(page, 'anonymous');

  // A token signed with another secret.
  frame = await openWiki(page, await signInAddress('not-the-shared-secret-at-all', `x@${wikiDomain}`));
  await expect(frame.getByRole('alert')).toContainText('The wiki integration is not set up correctly');

  // Without a session (signed out elsewhere, expired): back through the wiki, not Perch's sign-in form.
  frame = await openWiki(page, `${baseURL}/ui/bookings`);
  await expect(frame.getByRole('heading', { level: 1, name: 'Sign in through the wiki' })).toBeVisible();
  await expect(frame.getByLabel('Email address')).toHaveCount(0);
});

test('the wiki app’s first page walks an admin through connecting it', async ({ page }) => {
  const frame = await openWiki(page, `${baseURL}/ui/login/confluence/wiki-client-7f3a`);
  await expect(frame.getByRole('heading', { level: 1, name: "Let's get started" })).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Client ID' })).toHaveValue('wiki-client-7f3a');
  await expect(frame.getByRole('button', { name: 'Copy Client ID' })).toBeVisible();
  await expect(frame.getByRole('link', { name: /Open the team wiki settings/ })).toHaveAttribute(
    'href',
    `${baseURL}/ui/admin/settings/wiki`,
  );
  await shot(page, 'onboarding-client-id');
  await page.setViewportSize({ width: 375, height: 740 });
  await noHorizontalOverflow(perchFrame(page));
});
