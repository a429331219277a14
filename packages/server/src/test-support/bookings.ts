import type { PerchClient } from '@perch/client';
import { DateTime } from 'luxon';
import type { TestServer } from './server.js';

/** The wall clock `days` from today at hh:mm in `zone`, written the way clients send it ("fake UTC"). */
export function wall(zone: string, days: number, hh: number, mm = 0): string {
  const t = DateTime.now().setZone(zone).startOf('day').plus({ days }).set({ hour: hh, minute: mm });
  return `${t.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;
}

export interface Floor {
  locationId: string;
  spaces: string[];
}

/** An enabled area in `zone` with `n` desks named "Desk 1" …. */
export async function createFloor(
  s: TestServer,
  opts: { zone?: string; desks?: number; area?: Record<string, unknown> } = {},
): Promise<Floor> {
  const locationId = (
    await s.admin.post('/location/', {
      name: `Floor ${Math.random().toString(36).slice(2, 7)}`,
      enabled: true,
      timezone: opts.zone ?? 'Europe/Berlin',
      ...opts.area,
    })
  ).objectId!;
  const spaces: string[] = [];
  for (let i = 1; i <= (opts.desks ?? 3); i++)
    spaces.push((await s.admin.post(`/location/${locationId}/space/`, { name: `Desk ${i}` })).objectId!);
  return { locationId, spaces };
}

export async function book(
  c: PerchClient,
  spaceId: string,
  enter: string,
  leave: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return (await c.post('/booking/', { spaceId, enter, leave, ...extra })).objectId!;
}

export async function setSettings(s: TestServer, values: Record<string, string>): Promise<void> {
  await s.admin.put(
    '/setting/',
    Object.entries(values).map(([name, value]) => ({ name, value })),
  );
}
