import type { CallInput, PerchClient } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, type Page } from '@playwright/test';
import {
  adminClient,
  book,
  createAreaWithSpaces,
  createUser,
  saveSettings,
  signedInClient,
  unique,
  type TestUser,
} from './api';
import { signInThroughUi } from './sign-in';

export { adminClient, book, unique };

/** The organisation default zone of a fresh server; test areas use it too. */
export const AREA_ZONE = 'Europe/Berlin';

/** The wall-clock date `days` from today in the area's zone, as `YYYY-MM-DD`. */
export function areaDate(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: AREA_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 0 = Sunday, as the API numbers weekdays. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

export function englishWeekday(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** A user with a role, whose first-sign-in password change is already done. */
export function createPerson(admin: PerchClient, role: 0 | 10, prefix: string): Promise<TestUser> {
  const email = `${unique(prefix).replace(/\s+/g, '-').toLowerCase()}@perch.local`;
  return createUser(admin, { firstname: prefix, lastname: 'Tester' }, email, role);
}

export function clientFor(user: TestUser): Promise<PerchClient> {
  return signedInClient(user.email, user.password);
}

export interface TestArea {
  id: string;
  name: string;
  spaces: Record<string, string>;
}

/** A plain floor-plan image (SVG) of the given size: a wall around the floor. */
export function planImage(width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" fill="#fafafa" stroke="#555" stroke-width="8"/>` +
    `</svg>`
  );
}

/**
 * An open area with desks in a row on a plain floor plan (`floorPlan: false`: without one, as
 * an admin may leave a new area; the search page then lists its spaces).
 */
export async function createArea(
  admin: PerchClient,
  deskNames: readonly string[],
  extra: Partial<CallInput<typeof routes.location.create>['body']> = {},
  { floorPlan = true }: { floorPlan?: boolean } = {},
): Promise<TestArea> {
  const name = unique('Booking floor');
  const desks = deskNames.map((desk, i) => ({ name: desk, x: 40 + i * 180, y: 60, width: 140, height: 80 }));
  const { id, spaceIds } = await createAreaWithSpaces(admin, { name, timezone: AREA_ZONE, ...extra }, desks);
  if (floorPlan)
    await admin.call(routes.location.uploadMap, {
      params: { id },
      raw: { data: planImage(Math.max(400, 40 + deskNames.length * 180), 200), contentType: 'image/svg+xml' },
    });
  const spaces = Object.fromEntries(deskNames.map((desk, i) => [desk, spaceIds[i]!]));
  return { id, name, spaces };
}

/** Changes organisation settings and answers a function that puts the old values back. */
export async function withSettings(admin: PerchClient, values: Record<string, string>): Promise<() => Promise<void>> {
  const current = await admin.call(routes.setting.list);
  const before = Object.keys(values).map((name) => ({
    name,
    value: current.find((s) => s.name === name)?.value ?? '0',
  }));
  await saveSettings(
    admin,
    Object.entries(values).map(([name, value]) => ({ name, value })),
  );
  return async () => {
    await saveSettings(admin, before);
  };
}

export function searchUrl(area: TestArea, enter: string, leave: string, extra = ''): string {
  return `/ui/search?lid=${area.id}&enter=${enter}&leave=${leave}${extra}`;
}

export async function signInAs(page: Page, user: TestUser) {
  await signInThroughUi(page, user.email, user.password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

export function floorPlan(page: Page) {
  return page.getByRole('group', { name: /^Floor plan of / });
}
