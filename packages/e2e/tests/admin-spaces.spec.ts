import AxeBuilder from '@axe-core/playwright';
import type { PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminClient, createAreaWithSpaces, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

const FLOOR_PLAN = fileURLToPath(new URL('./fixtures/floor-plan.svg', import.meta.url));
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Screenshots for looking at the screens (`ADMIN_SPACES_SHOTS=1`), in /tmp/admin-spaces/. */
const SHOTS = process.env.ADMIN_SPACES_SHOTS === '1';

async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog fading in has not reached its colours yet.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page is no wider than the window (nothing sticks out sideways). */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

async function areasNamed(api: PerchClient, name: string) {
  return (await api.call(routes.location.list)).filter((a) => a.name === name);
}

async function chooseFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Choose a file|Choose another file)$/ }).click();
  await (await chooser).setFiles(file);
}

/** The message under the floor-plan field (the notification says the same in its own words). */
function fieldAlert(page: Page) {
  return page.getByRole('tabpanel', { name: 'Details' }).getByRole('alert');
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `/tmp/admin-spaces/${name}.png`, fullPage: true });
}

test.describe('creating an area with its floor plan is all or nothing', () => {
  test('a refused image names the problem, leaves no area behind, and a good one then makes exactly one', async ({
    page,
  }) => {
    const api = await adminClient();
    const name = unique('Plan check');
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto('/ui/admin/areas/new');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);

    // A text file named like a PNG: refused as soon as it is chosen, before anything is saved.
    await chooseFile(page, { name: 'plan.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await expect(
      fieldAlert(page).filter({ hasText: 'This file is not a PNG, JPEG, GIF, WebP or SVG image.' }),
    ).toBeVisible();
    // Too large for the server's limit.
    await chooseFile(page, {
      name: 'huge.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.alloc(21 * 1024 * 1024, 0x20),
    });
    await expect(fieldAlert(page).filter({ hasText: 'The floor plan is larger than 20 MB.' })).toBeVisible();
    // An SVG without a size.
    await chooseFile(page, {
      name: 'no-size.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>'),
    });
    await expect(fieldAlert(page).filter({ hasText: 'The SVG needs a width and height or a viewBox.' })).toBeVisible();
    expect(await areasNamed(api, name)).toHaveLength(0);

    // One the browser cannot read, so the server judges it — and refuses it: the area goes again.
    await chooseFile(page, {
      name: 'broken.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="10"'),
    });
    await expect(page.getByText(/broken\.svg .* will be uploaded when you save/)).toBeVisible();
    await page.getByRole('button', { name: 'Create area' }).click();
    await expect(page.getByText('The area was not created')).toBeVisible();
    await expect(
      fieldAlert(page).filter({
        hasText: 'The server did not accept this image: The floor plan is not a well-formed SVG file',
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/ui\/admin\/areas\/new$/);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    expect(await areasNamed(api, name)).toHaveLength(0);
    await shot(page, 'refused-plan-en-1280');

    // A server with a lower upload limit (MAP_MAX_MB) answers 413: same outcome, its own message.
    await page.route('**/location/*/map', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 413,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' }),
          })
        : route.continue(),
    );
    await chooseFile(page, FLOOR_PLAN);
    await page.getByRole('button', { name: 'Create area' }).click();
    await expect(
      fieldAlert(page).filter({ hasText: 'The floor plan is larger than this server accepts.' }),
    ).toBeVisible();
    expect(await areasNamed(api, name)).toHaveLength(0);
    await page.unroute('**/location/*/map');

    // Nobody sees a half-made area in the list, also after a reload.
    const areasPage = await page.context().newPage();
    await areasPage.goto('/ui/admin/areas');
    await expect(areasPage.getByRole('heading', { level: 1, name: 'Areas' })).toBeVisible();
    await expect(areasPage.getByRole('link', { name: 'Sample Floor' })).toBeVisible();
    await expect(areasPage.getByRole('link', { name })).toHaveCount(0);
    await areasPage.reload();
    await expect(areasPage.getByRole('link', { name: 'Sample Floor' })).toBeVisible();
    await expect(areasPage.getByRole('link', { name })).toHaveCount(0);
    await areasPage.close();

    // The form kept everything: choose a good file and create, once.
    await chooseFile(page, FLOOR_PLAN);
    await expect(page.getByText(/floor-plan\.svg .* will be uploaded when you save/)).toBeVisible();
    await page.getByRole('button', { name: 'Create area' }).click();
    await expect(page).toHaveURL(/\/ui\/admin\/areas\/[0-9a-f-]{36}\?tab=plan$/);
    const created = await areasNamed(api, name);
    expect(created).toHaveLength(1);
    expect(created[0]!.mapWidth).toBeGreaterThan(0);
    expect(created[0]!.enabled).toBe(true);
  });
});

test.describe('areas and attributes fit a phone', () => {
  test.use({ viewport: PHONE });

  test('the attributes table and an area with a long name need no sideways scrolling at 375 px', async ({ page }) => {
    const api = await adminClient();
    const long = `Floor${'X'.repeat(60)}${Date.now().toString(36)}`;
    await api.call(routes.location.create, { body: { name: long, enabled: true } });
    for (const label of ['Height-adjustable desk', 'Docking station with two monitors']) {
      const existing = (await api.call(routes.spaceAttribute.list)).some((a) => a.label === label);
      if (!existing)
        await api.call(routes.spaceAttribute.create, {
          body: { label, type: 2, spaceApplicable: true, locationApplicable: true },
        });
    }

    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto('/ui/admin/attributes');
    await expect(page.getByText('Docking station with two monitors')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole('button', { name: 'Edit Docking station with two monitors' })).toBeInViewport();

    await page.goto('/ui/admin/areas');
    const link = page.getByRole('link', { name: long });
    await expect(link).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The whole name is there, wrapped within the window.
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByRole('button', { name: `Delete ${long}` })).toBeInViewport();
  });
});

test.describe('spaces and QR codes of an area', () => {
  async function areaWithDesks(api: PerchClient) {
    const names = ['Desk 10', 'Desk 2', 'Desk 1', 'Desk 3'];
    const name = unique('QR floor');
    const { id, spaceIds } = await createAreaWithSpaces(
      api,
      { name, timezone: 'Europe/Berlin' },
      names.map((desk, i) => ({ name: desk, x: 40 + i * 160, y: 60, width: 120, height: 80 })),
    );
    await api.call(routes.location.uploadMap, {
      params: { id },
      raw: { data: readFileSync(FLOOR_PLAN), contentType: 'image/svg+xml' },
    });
    return { id, name, spaces: Object.fromEntries(names.map((n, i) => [n, spaceIds[i]!])) };
  }

  test('lists every space in natural order with a booking link and a QR code to print or download', async ({
    page,
  }) => {
    const api = await adminClient();
    const area = await areaWithDesks(api);
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto(`/ui/admin/areas/${area.id}?tab=details`);
    await page.getByRole('link', { name: 'Spaces and QR codes' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/admin/areas/${area.id}/spaces$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Spaces and QR codes' })).toBeVisible();
    await expect(page.getByText('4 spaces')).toBeVisible();

    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Code for the whole area',
      'Desk 1',
      'Desk 2',
      'Desk 3',
      'Desk 10',
    ]);
    for (const desk of ['Desk 1', 'Desk 2', 'Desk 3', 'Desk 10']) {
      const image = page.getByRole('img', { name: `QR code to book ${desk} in ${area.name}` });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }

    // Each link is the search page with the area, the space and its check-in token, without a fixed day.
    const origin = new URL(page.url()).origin;
    const tokens = new Map(
      (await api.call(routes.space.checkInTokens, { params: { locationId: area.id } })).map((t) => [
        t.spaceId,
        t.token,
      ]),
    );
    const links = page.getByRole('link', { name: /\/ui\/search\?/ });
    // The area's own code comes first: what is free there now, without a token.
    await expect(links).toHaveText([
      `${origin}/ui/search?lid=${area.id}&now=1`,
      ...['Desk 1', 'Desk 2', 'Desk 3', 'Desk 10'].map(
        (desk) => `${origin}/ui/search?lid=${area.id}&sid=${area.spaces[desk]}&t=${tokens.get(area.spaces[desk]!)}`,
      ),
    ]);

    // Printing all: the area's code, then one card per space in the same order, and nothing else.
    await page.evaluate(() => {
      const w = window as unknown as { printed: string[][] };
      w.printed = [];
      window.print = () =>
        w.printed.push(
          Array.from(document.querySelectorAll('[data-print-card]')).map(
            (c) => c.querySelector('p')?.textContent ?? '',
          ),
        );
    });
    await page.getByRole('button', { name: 'Print all QR codes' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[][] }).printed))
      .toEqual([[area.name, 'Desk 1', 'Desk 2', 'Desk 3', 'Desk 10']]);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    const sheet = page.getByTestId('qr-print-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Scan to book this space')).toHaveCount(4);
    await expect(sheet.getByText(area.name)).toHaveCount(5);
    await expect(sheet.getByText('Scan to find a free space here now')).toHaveCount(1);
    await expect(sheet.locator(`img[alt="QR code to book Desk 3 in ${area.name}"]`)).toBeVisible();
    await page.screenshot({ path: '/tmp/admin-spaces/print-en-1280.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await expect(sheet).toBeHidden();

    // One space's code alone.
    await page.getByRole('button', { name: 'Print the QR code of Desk 3' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[][] }).printed.at(-1)))
      .toEqual(['Desk 3']);

    // Downloading one space's code.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the QR code of Desk 2' }).click();
    expect((await download).suggestedFilename()).toBe(`QR ${area.name} – Desk 2.png`);

    // Following a link opens that space on the booking page, for today.
    await page
      .getByRole('link', {
        name: `${origin}/ui/search?lid=${area.id}&sid=${area.spaces['Desk 2']}&t=${tokens.get(area.spaces['Desk 2']!)}`,
      })
      .click();
    await expect(page).toHaveURL(/\/ui\/search\?/);
    await expect(page.getByRole('dialog', { name: 'Desk 2' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('sid')).toBe(area.spaces['Desk 2']);
  });

  test('an area without spaces (and without a plan) says where to place them', async ({ page }) => {
    const api = await adminClient();
    const { id } = await api.call(routes.location.create, { body: { name: unique('Empty floor'), enabled: true } });
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto(`/ui/admin/areas/${id}/spaces`);
    await expect(page.getByRole('heading', { name: 'No spaces yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print all QR codes' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Open the floor plan' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/admin/areas/${id}\\?tab=plan$`));
    // An area without a floor plan opens at once (no endless loading): the editor, then the details.
    await expect(page.getByText(/^No floor plan yet/)).toBeVisible();
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByRole('button', { name: 'Save details' })).toBeVisible();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`the area screens have no serious axe violations and fit at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const api = await adminClient();
      const area = await areaWithDesks(api);
      await signInThroughUi(page);
      await expectSignedInLayout(page);

      await page.goto(`/ui/admin/areas/${area.id}/spaces`);
      await expect(page.getByRole('img', { name: `QR code to book Desk 10 in ${area.name}` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      await page.goto('/ui/admin/areas');
      await expect(page.getByRole('link', { name: area.name })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      // Every dialog close button is named.
      await page.getByRole('button', { name: `Delete ${area.name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${area.name}?` });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Close' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Close' }).click();
      await expect(confirm).toBeHidden();

      await page.goto(`/ui/admin/areas/${area.id}?tab=details`);
      await expect(page.getByRole('button', { name: 'Save details' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      await page.goto('/ui/admin/areas/new');
      await page.getByRole('textbox', { name: 'Name' }).fill(unique('Axe floor'));
      await chooseFile(page, { name: 'plan.png', mimeType: 'image/png', buffer: Buffer.from('no image') });
      await expect(fieldAlert(page).filter({ hasText: 'This file is not' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/ui/admin/attributes');
      await page.getByRole('button', { name: 'New attribute' }).click();
      const dialog = page.getByRole('dialog', { name: 'New attribute' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
    });
  }
});

// Registered only when asked for (ADMIN_SPACES_SHOTS=1): a tour for looking at the screens.
if (SHOTS)
  test.describe('looking at the screens', () => {
    for (const language of ['en', 'de', 'he'] as const) {
      for (const viewport of [DESKTOP, PHONE]) {
        test(`${language} at ${viewport.width}`, async ({ page }) => {
          const api = await adminClient();
          const names = ['Desk 10', 'Desk 2', 'Desk 1', 'Desk 3', 'Desk 11'];
          const { id } = await createAreaWithSpaces(
            api,
            { name: unique('Second floor') },
            names.map((desk, i) => ({ name: desk, x: 40 + i * 160, y: 60, width: 120, height: 80 })),
          );
          await page.setViewportSize(viewport);
          await signInThroughUi(page);
          await expectSignedInLayout(page);
          await page.evaluate((lang) => localStorage.setItem('perch.language', lang), language);
          const tag = `${language}-${viewport.width}`;

          await page.goto(`/ui/admin/areas/${id}/spaces`);
          await expect(page.locator('img[src^="data:image/svg+xml"]').first()).toBeVisible();
          await shot(page, `spaces-${tag}`);
          await page.emulateMedia({ media: 'print' });
          await page.screenshot({ path: `/tmp/admin-spaces/print-${tag}.png`, fullPage: true });
          await page.emulateMedia({ media: 'screen' });

          await page.goto('/ui/admin/areas');
          await expect(page.getByRole('table')).toBeVisible();
          await shot(page, `areas-${tag}`);
          await page.goto('/ui/admin/attributes');
          await expect(page.getByRole('table')).toBeVisible();
          await shot(page, `attributes-${tag}`);
          await page.goto(`/ui/admin/areas/${id}?tab=details`);
          await expect(page.locator('form button[type="submit"]')).toBeVisible();
          await shot(page, `area-details-${tag}`);
          await page.goto('/ui/admin/areas/new');
          await page
            .locator('input[type="file"]')
            .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: Buffer.from('no image') });
          await expect(page.getByRole('tabpanel').getByRole('alert').filter({ hasText: 'PNG' })).toBeVisible();
          await shot(page, `new-area-refused-${tag}`);
        });
      }
    }
  });
