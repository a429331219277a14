import { routes } from '@perch/contract/values';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { adminClient, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

const FLOOR_PLAN = fileURLToPath(new URL('./fixtures/floor-plan.svg', import.meta.url));

type Box = { x: number; y: number; width: number; height: number };

function planCanvas(page: Page): Locator {
  return page.getByRole('group', { name: /^Floor plan of / });
}

async function dragOn(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

function expectNear(actual: Box, expected: Box) {
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(actual[key] - expected[key])).toBeLessThan(2);
}

test.describe('areas and the floor-plan editor', () => {
  test('an admin creates an area, uploads a plan, places and turns desks, and finds them after a reload', async ({
    page,
  }) => {
    const areaName = unique('E2E floor');
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Administration' })
      .click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Areas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Areas' })).toBeVisible();
    await page.getByRole('link', { name: 'New area' }).click();

    await page.getByRole('textbox', { name: 'Name' }).fill(areaName);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(FLOOR_PLAN);
    await expect(page.getByText(/floor-plan\.svg .* will be uploaded when you save/)).toBeVisible();
    await page.getByRole('button', { name: 'Create area' }).click();

    // Straight on to the floor plan of the new area, without a page load.
    await expect(page).toHaveURL(/\/ui\/admin\/areas\/[0-9a-f-]{36}\?tab=plan$/);
    const areaId = /areas\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const canvas = planCanvas(page);
    await expect(canvas).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Floor plan and spaces' })).toHaveAttribute('aria-selected', 'true');

    // Three desks, drawn by dragging rectangles on the plan.
    await page.getByRole('button', { name: 'Draw' }).click();
    const area = await boxOf(canvas);
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    const names = ['Desk A', 'Desk B', 'Desk C'];
    for (const [i, name] of names.entries()) {
      const left = cx - 180 + i * 120;
      await dragOn(page, { x: left, y: cy - 40 }, { x: left + 80, y: cy + 10 });
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
    }
    for (const name of names) await expect(canvas.getByRole('button', { name, exact: true })).toBeVisible();

    // Turn Desk C a quarter to the right by its turn handle, which sits above its top edge.
    await page.getByRole('button', { name: 'Select' }).click();
    const deskC = canvas.getByRole('button', { name: 'Desk C', exact: true });
    await deskC.click();
    const c = await boxOf(deskC);
    const centre = { x: c.x + c.width / 2, y: c.y + c.height / 2 };
    await dragOn(page, { x: centre.x, y: c.y - 26 }, { x: centre.x + 150, y: centre.y + 3 });
    await expect(page.getByRole('textbox', { name: 'Rotation (°)' })).toHaveValue('90');

    const onScreen = {
      'Desk A': await boxOf(canvas.getByRole('button', { name: 'Desk A', exact: true })),
      'Desk B': await boxOf(canvas.getByRole('button', { name: 'Desk B', exact: true })),
      'Desk C': await boxOf(deskC),
    };
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The spaces were saved.')).toBeVisible();

    const api = await adminClient();
    const stored = await api.call(routes.space.list, { params: { locationId: areaId } });
    expect(stored.map((s) => s.name).sort()).toEqual(names);
    const byName = Object.fromEntries(stored.map((s) => [s.name, s]));
    expect(byName['Desk C']!.rotation).toBe(90);
    expect(byName['Desk A']!.rotation).toBe(0);
    for (const s of stored) {
      expect(s.width * s.height).toBeGreaterThan(1000);
      expect(s.enabled).toBe(true);
    }

    await page.reload();
    for (const name of names) {
      const desk = planCanvas(page).getByRole('button', { name, exact: true });
      await expect(desk).toBeVisible();
      expectNear(await boxOf(desk), onScreen[name as keyof typeof onScreen]);
    }
    await planCanvas(page).getByRole('button', { name: 'Desk C', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Rotation (°)' })).toHaveValue('90');
    await expect(page.getByRole('textbox', { name: 'X (px)' })).toHaveValue(String(byName['Desk C']!.x));
  });

  test('leaving with unsaved spaces asks first', async ({ page }) => {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto('/ui/admin/areas');
    await page.getByRole('link', { name: 'Sample Floor' }).click();
    const canvas = planCanvas(page);
    const desk = canvas.getByRole('button', { name: 'Desk 1', exact: true });
    await desk.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My bookings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay here' }).click();
    await expect(page).toHaveURL(/\/ui\/admin\/areas\//);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My bookings' }).click();
    await expect(page).toHaveURL(/\/ui\/bookings$/);
  });
});
