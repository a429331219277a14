import type { PerchClient } from '@perch/client';
import { sql } from 'kysely';
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

/**
 * SQL that moves a booking in time, as if time had passed: it starts `startsInMinutes` from now
 * (negative: it started that long ago), lasts `hours`, was made a day before its start and is
 * not checked in. Plain text, so that a second server process's database can run it too.
 */
export function moveBookingSql(id: string, startsInMinutes: number, hours = 4): string {
  const enter = Date.now() + startsInMinutes * 60_000;
  const iso = (ms: number) => `'${new Date(ms).toISOString()}'`;
  return (
    `UPDATE bookings SET enter_at = ${iso(enter)}, leave_at = ${iso(enter + hours * 3_600_000)}, ` +
    `created_at = ${iso(enter - 86_400_000)}, checked_in_at = NULL WHERE id = '${id}'`
  );
}

/** Books tomorrow 09:00–10:00 in `zone`, then moves the booking (see `moveBookingSql`). */
export async function bookingMovedTo(
  s: TestServer,
  c: PerchClient,
  spaceId: string,
  zone: string,
  startsInMinutes: number,
  hours = 4,
): Promise<string> {
  const id = await book(c, spaceId, wall(zone, 1, 9), wall(zone, 1, 10));
  await sql.raw(moveBookingSql(id, startsInMinutes, hours)).execute(s.deps.db);
  return id;
}
