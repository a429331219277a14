import { isBookable } from '../../../shared/space-status/space-status';
import type { MapEntry } from '../map/map-entry';

/** How many free spaces a taken one suggests. */
export const NEARBY_COUNT = 3;

const centre = (e: MapEntry) => ({ x: e.space.x + e.space.width / 2, y: e.space.y + e.space.height / 2 });

/**
 * The spaces of the same area that can be booked for the chosen time, nearest first on the floor
 * plan (centre to centre): what a person standing at a taken space can have instead.
 */
export function nearestFree(entries: readonly MapEntry[], from: MapEntry, count = NEARBY_COUNT): MapEntry[] {
  const here = centre(from);
  return entries
    .filter((e) => e.space.id !== from.space.id && isBookable(e.space))
    .map((e) => {
      const c = centre(e);
      return { e, distance: Math.hypot(c.x - here.x, c.y - here.y) };
    })
    .sort((a, b) => a.distance - b.distance || a.e.space.name.localeCompare(b.e.space.name))
    .slice(0, count)
    .map(({ e }) => e);
}
