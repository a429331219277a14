import type { Space } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { LocationRow } from '../../db/schema.js';
import { allowedBookersOf } from '../locations/index.js';
import { presentSpace } from './presenter.js';
import { listSpaces, spaceLinksOfLocation } from './repo.js';

/** An area's spaces as presented, with the allowed-booker groups of the area itself. */
export interface AreaSnapshot {
  version: number;
  spaces: Space[];
  locationAllowedGroups: string[];
}

const MAX_AREAS = 500;
const snapshots = new Map<string, AreaSnapshot>();

/**
 * The spaces of an area, kept in memory between requests. The area's `spaces_version`, raised
 * by database triggers on any change to its spaces and links, tells every server process when
 * its copy is stale; the copy is taken after reading the version, so it is never older.
 */
export async function areaSnapshot(deps: AppDeps, location: LocationRow): Promise<AreaSnapshot> {
  const version = Number(location.spaces_version);
  const hit = snapshots.get(location.id);
  if (hit && hit.version === version) return hit;
  const [rows, links, bookers] = await Promise.all([
    listSpaces(deps.db, location.id),
    spaceLinksOfLocation(deps.db, location.id),
    allowedBookersOf(deps.db, [location.id]),
  ]);
  const snapshot: AreaSnapshot = {
    version,
    spaces: rows.map((s) => presentSpace(s, links)),
    locationAllowedGroups: bookers.get(location.id) ?? [],
  };
  if (snapshots.size >= MAX_AREAS) snapshots.delete(snapshots.keys().next().value as string);
  snapshots.set(location.id, snapshot);
  return snapshot;
}
