import AxeBuilder from '@axe-core/playwright';
import type { PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAreaWithSpaces } from './support/api';
import {
  adminClient,
  AREA_ZONE,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  planImage,
  searchUrl,
  signInAs,
  unique,
  withSettings,
  type TestArea,
} from './support/booking-helpers';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Screenshots of the screens in English, German and Hebrew: `SEARCH_MAP_SHOTS=1`. */
const SHOTS = process.env.SEARCH_MAP_SHOTS === '1';

/**
 * A floor like the sample one: 1600 × 900 with 16 desks in four islands of two by two, Desk 1
 * to Desk 4 in the first island (Desk 3 under Desk 1). The API lists spaces by name as text.
 */
async function createIslandFloor(admin: PerchClient): Promise<TestArea> {
  const islands = [
    { x: 140, y: 150 },
    { x: 560, y: 150 },
    { x: 140, y: 520 },
    { x: 560, y: 520 },
  ];
  const desks = islands.flatMap((island, i) =>
    [
      [0, 0],
      [150, 0],
      [0, 90],
      [150, 90],
    ].map(([dx, dy], j) => ({
      name: `Desk ${i * 4 + j + 1}`,
      x: island.x + dx!,
      y: island.y + dy!,
      width: 140,
      height: 80,
    })),
  );
  const name = unique('Island floor');
  const { id, spaceIds } = await createAreaWithSpaces(admin, { name, timezone: AREA_ZONE }, desks);
  await admin.call(routes.location.uploadMap, {
    params: { id },
    raw: { data: planImage(1600, 900), contentType: 'image/svg+xml' },
  });
  return { id, name, spaces: Object.fromEntries(desks.map((d, i) => [d.name, spaceIds[i]!])) };
}

function planOf(page: Page, area: TestArea): Locator {
  return page.getByRole('group', { name: `Floor plan of ${area.name}` });
}

/** The accessible name of the focused element. */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

/** The names of the spaces in the order the page lists them (its DOM and Tab order). */
async function spaceOrder(buttons: Locator): Promise<string[]> {
  const labels = await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.split(' —')[0]!);
}

/** Each label written on the plan: its text and its size on the screen (CSS px). */
function labelsOnScreen(plan: Locator) {
  return plan.locator('[data-space-id] text').evaluateAll((els) =>
    els.map((el) => {
      const text = el as SVGTextElement;
      const ctm = text.getScreenCTM();
      const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
      return {
        space: text.closest('[data-space-id]')?.getAttribute('aria-label') ?? '',
        text: text.textContent ?? '',
        px: Number.parseFloat(getComputedStyle(text).fontSize) * scale,
      };
    }),
  );
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const allDesks = Array.from({ length: 16 }, (_, i) => `Desk ${i + 1}`);

test.describe('the search page floor plan and list', () => {
  test('spaces come in natural order; one Tab reaches the plan and the arrow keys move between neighbours', async ({
    page,
  }) => {
    const admin = await adminClient();
    const area = await createIslandFloor(admin);
    const user = await createPerson(admin, 0, 'Keyboard');
    const day = areaDate(2);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, user);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
    const plan = planOf(page, area);
    await expect(plan.getByRole('button', { name: 'Desk 16 — Available' })).toBeVisible();
    expect(await spaceOrder(plan.getByRole('button'))).toEqual(allDesks);

    // From the view switch: Tab to the plan (Desk 1), ArrowDown to Desk 3 — two presses, not 29.
    await page.getByRole('radio', { name: 'Map' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Desk 1 — Available');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Desk 3 — Available');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Desk 4 — Available');
    // Across the aisle to the next island, and down to the island below.
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Desk 7 — Available');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Desk 13 — Available');
    await page.keyboard.press('Home');
    expect(await focusedName(page)).toBe('Desk 1 — Available');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('Desk 16 — Available');
    // The spaces are one Tab stop: the next Tab leaves the plan.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Zoom in');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Desk 16 — Available');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`sid=${area.spaces['Desk 16']}`));

    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, '&view=list'));
    const list = page.getByRole('list', { name: 'Spaces' });
    await expect(list.getByRole('button', { name: 'Desk 16 — Available' })).toBeVisible();
    expect(await spaceOrder(list.getByRole('button'))).toEqual(allDesks);
  });

  test('in Hebrew the arrow keys keep the plan’s directions (the plan is never mirrored)', async ({ page }) => {
    const admin = await adminClient();
    const area = await createIslandFloor(admin);
    const user = await createPerson(admin, 0, 'Rtl');
    const day = areaDate(2);
    await signInAs(page, user);
    await page.evaluate(() => localStorage.setItem('perch.language', 'he'));
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const plan = page.getByRole('group', { name: `תוכנית הקומה של ${area.name}` });
    await plan.getByRole('button', { name: /^Desk 1 —/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toMatch(/^Desk 2 —/);
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toMatch(/^Desk 1 —/);
  });

  test('at 375 px every label on the plan is readable or short, and the full name shows on focus and hover', async ({
    page,
  }) => {
    const admin = await adminClient();
    const area = await createIslandFloor(admin);
    const user = await createPerson(admin, 0, 'Phone');
    const day = areaDate(2);
    await page.setViewportSize(PHONE);
    await signInAs(page, user);
    await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
    const plan = planOf(page, area);
    await expect(plan.getByRole('button', { name: 'Desk 16 — Available' })).toBeAttached();

    const labels = await labelsOnScreen(plan);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      const name = label.space.split(' —')[0]!;
      expect(label.px, `${name} written as "${label.text}"`).toBeGreaterThanOrEqual(9);
      // The whole name, or its short form (the desk's number).
      expect([name, name.replace('Desk ', '')]).toContain(label.text);
    }
    // Too small for "Desk 12" at this width: the number is written instead.
    expect(labels.find((l) => l.space.startsWith('Desk 12 —'))?.text).toBe('12');

    await page.getByRole('radio', { name: 'Map' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Desk 16');
    await expect(tooltip).toContainText('Available');
    await expect(tooltip).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();

    await plan.getByRole('button', { name: 'Desk 6 — Available' }).hover();
    await expect(tooltip).toContainText('Desk 6');
  });

  test('hover and focus show who booked a space and until when, in the user’s time format', async ({ page }) => {
    const admin = await adminClient();
    const restore = await withSettings(admin, { show_names: '1' });
    try {
      const area = await createArea(admin, ['Desk T1', 'Desk T2', 'Desk T3']);
      const user = await createPerson(admin, 0, 'Viewer');
      const booker = await createPerson(admin, 0, 'Booker');
      const day = areaDate(2);
      await book(await clientFor(booker), {
        spaceId: area.spaces['Desk T2'],
        enter: `${day}T09:00:00Z`,
        leave: `${day}T12:30:00Z`,
        subject: '',
      });
      const own = await clientFor(user);
      await own.call(routes.preference.set, { params: { name: 'use_24_hour_time' }, body: { value: '0' } });
      await signInAs(page, user);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      const plan = planOf(page, area);
      const tooltip = page.getByRole('tooltip');

      await plan.getByRole('button', { name: 'Desk T2 — Booked' }).hover();
      await expect(tooltip).toContainText('Desk T2');
      await expect(tooltip).toContainText('Booked');
      await expect(tooltip).toContainText('Booker Tester, until 12:30 PM');
      await plan.getByRole('button', { name: 'Desk T3 — Available' }).hover();
      await expect(tooltip).toContainText('Desk T3');
      await expect(tooltip).not.toContainText('Booker');
      await page.mouse.move(1, 1);
      await expect(tooltip).toBeHidden();

      // The names switch comes just before the plan.
      await page.getByRole('switch', { name: 'Show names on the map' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      const focused = plan.getByRole('button', { name: 'Desk T2 — Booked' });
      await expect(focused).toBeFocused();
      await expect(tooltip).toContainText('Booker Tester, until 12:30 PM');
      // Screen readers hear the bookings as the space's description.
      await expect(focused).toHaveAccessibleDescription('Booker Tester, until 12:30 PM');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await restore();
    }
  });

  test('the names switch writes the booker’s name on the map and is remembered; without names there is no switch', async ({
    page,
  }) => {
    const admin = await adminClient();
    const restore = await withSettings(admin, { show_names: '1' });
    const area = await createArea(admin, ['Desk N1', 'Desk N2']);
    const user = await createPerson(admin, 0, 'Namer');
    const booker = await createPerson(admin, 0, 'Booker');
    const day = areaDate(2);
    await book(await clientFor(booker), {
      spaceId: area.spaces['Desk N2'],
      enter: `${day}T09:00:00Z`,
      leave: `${day}T17:00:00Z`,
      subject: '',
    });
    try {
      await signInAs(page, user);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      const plan = planOf(page, area);
      const booked = plan.getByRole('button', { name: 'Desk N2 — Booked' });
      await expect(booked.locator('text')).toHaveText('Desk N2');
      const toggle = page.getByRole('switch', { name: 'Show names on the map' });
      await expect(toggle).not.toBeChecked();
      await toggle.check();
      await expect(booked.locator('text')).toHaveText('Booker Tester');
      // Free spaces keep their names.
      await expect(plan.getByRole('button', { name: 'Desk N1 — Available' }).locator('text')).toHaveText('Desk N1');

      await page.reload();
      await expect(page.getByRole('switch', { name: 'Show names on the map' })).toBeChecked();
      await expect(planOf(page, area).getByRole('button', { name: 'Desk N2 — Booked' }).locator('text')).toHaveText(
        'Booker Tester',
      );
    } finally {
      await restore();
    }

    // Where the organisation hides names (and for plain users), there is nothing to switch.
    await page.reload();
    await expect(planOf(page, area).getByRole('button', { name: 'Desk N2 — Booked' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Show names on the map' })).toHaveCount(0);
    await expect(planOf(page, area).getByRole('button', { name: 'Desk N2 — Booked' }).locator('text')).toHaveText(
      'Desk N2',
    );
  });

  test('an area without a floor plan shows its spaces as a list with a note, not an empty box', async ({ page }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Desk P10', 'Desk P9', 'Desk P1'], {}, { floorPlan: false });
    const user = await createPerson(admin, 0, 'Planless');
    const day = areaDate(2);
    await signInAs(page, user);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      await expect(page.getByText('This area has no floor plan yet')).toBeVisible();
      const list = page.getByRole('list', { name: 'Spaces' });
      await expect(list.getByRole('button', { name: 'Desk P10 — Available' })).toBeVisible();
      expect(await spaceOrder(list.getByRole('button'))).toEqual(['Desk P1', 'Desk P9', 'Desk P10']);
      await expect(page.getByRole('group', { name: /^Floor plan of / })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: 'Map' })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  for (const viewport of [DESKTOP, PHONE])
    test(`the map and the list have no serious or critical axe violations at ${viewport.width} px`, async ({
      page,
    }) => {
      const admin = await adminClient();
      const area = await createIslandFloor(admin);
      const user = await createPerson(admin, 0, 'Axe');
      const day = areaDate(2);
      await book(await clientFor(user), {
        spaceId: area.spaces['Desk 2'],
        enter: `${day}T09:00:00Z`,
        leave: `${day}T17:00:00Z`,
        subject: '',
      });
      await page.setViewportSize(viewport);
      await signInAs(page, user);
      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
      const plan = planOf(page, area);
      await expect(plan.getByRole('button', { name: 'Desk 2 — Booked by you' })).toBeAttached();
      expect(await seriousViolations(page)).toEqual([]);
      // With the tooltip open.
      await page.getByRole('radio', { name: 'Map' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tooltip')).toContainText('You, until 17:00');
      expect(await seriousViolations(page)).toEqual([]);
      // And in dark mode.
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(page.getByRole('tooltip')).toContainText('You, until 17:00');
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `/tmp/search-map/dark-${viewport.width}.png` });
      await page.emulateMedia({ colorScheme: 'light' });

      await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, '&view=list'));
      await expect(page.getByRole('list', { name: 'Spaces' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

  // Registered only when SEARCH_MAP_SHOTS=1.
  if (SHOTS)
    test('screenshots in English, German and Hebrew at both widths', async ({ page }) => {
      test.setTimeout(180_000);
      const admin = await adminClient();
      const restore = await withSettings(admin, { show_names: '1' });
      try {
        const area = await createIslandFloor(admin);
        const bare = await createArea(admin, ['Desk P1', 'Desk P2'], {}, { floorPlan: false });
        const user = await createPerson(admin, 10, 'Screens');
        const booker = await createPerson(admin, 0, 'Booker');
        const day = areaDate(2);
        for (const desk of ['Desk 2', 'Desk 7', 'Desk 12'])
          await book(await clientFor(booker), {
            spaceId: area.spaces[desk],
            enter: `${day}T09:00:00Z`,
            leave: `${day}T13:00:00Z`,
            subject: '',
          });
        await signInAs(page, user);
        for (const lang of ['en', 'de', 'he']) {
          await page.evaluate((l) => localStorage.setItem('perch.language', l), lang);
          for (const viewport of [DESKTOP, PHONE]) {
            await page.setViewportSize(viewport);
            const w = viewport.width;
            await page.evaluate(() => localStorage.setItem('perch.searchBookerNames', '0'));
            await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`));
            await expect(page.locator('[data-space-id]').first()).toBeAttached();
            await page.waitForTimeout(500);
            await page.screenshot({ path: `/tmp/search-map/map-${lang}-${w}.png`, fullPage: true });
            await page.locator('[data-space-id]').first().focus();
            await page.keyboard.press('ArrowRight');
            await page.waitForTimeout(300);
            await page.screenshot({ path: `/tmp/search-map/tooltip-${lang}-${w}.png` });
            await page.evaluate(() => localStorage.setItem('perch.searchBookerNames', '1'));
            await page.reload();
            await expect(page.locator('[data-space-id]').first()).toBeAttached();
            await page.waitForTimeout(500);
            await page.screenshot({ path: `/tmp/search-map/names-${lang}-${w}.png`, fullPage: true });
            await page.goto(searchUrl(area, `${day}T09:00`, `${day}T17:00`, '&view=list'));
            await page.waitForTimeout(500);
            await page.screenshot({ path: `/tmp/search-map/list-${lang}-${w}.png`, fullPage: true });
            await page.goto(searchUrl(bare, `${day}T09:00`, `${day}T17:00`));
            await page.waitForTimeout(800);
            await page.screenshot({ path: `/tmp/search-map/noplan-${lang}-${w}.png`, fullPage: true });
          }
        }
      } finally {
        await restore();
      }
    });
});
