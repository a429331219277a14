import { parseOrigins } from '@perch/contract';
import type { AppDeps } from '../context.js';
import {
  findAnyOrganization,
  findOrganizationByActiveDomain,
  countOrganizations,
} from '../features/organizations/repo.js';
import { readSetting } from '../features/settings/repo.js';

/**
 * Which other web origins may show a page of Perch in a frame: the team wiki's origins an
 * organisation lists (`confluence_frame_origins`), for pages served on that organisation's
 * domains (or on any address of a server with a single organisation). Looked up once per host
 * and kept for FRAME_ORIGINS_CACHE_SECONDS, so a change reaches every process within that time
 * (this process's own changes at once).
 */

const FRAME_ORIGINS_CACHE_SECONDS = 30;
const cache = new Map<string, { origins: string[]; until: number }>();

/** Forgets what was looked up (after the setting changed in this process). */
export function forgetFrameOrigins(): void {
  cache.clear();
}

async function lookUp(deps: AppDeps, host: string): Promise<string[]> {
  const org =
    (await findOrganizationByActiveDomain(deps.db, host)) ??
    ((await countOrganizations(deps.db)) === 1 ? await findAnyOrganization(deps.db) : undefined);
  if (!org) return [];
  return parseOrigins((await readSetting(deps.db, org.id, 'confluence_frame_origins')) ?? '') ?? [];
}

/** The organisation's frame origins for a request's host (without the port). */
export async function frameOriginsFor(deps: AppDeps, host: string): Promise<string[]> {
  const key = host.toLowerCase();
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.origins;
  const origins = await lookUp(deps, key);
  if (cache.size > 1000) cache.clear();
  cache.set(key, { origins, until: Date.now() + FRAME_ORIGINS_CACHE_SECONDS * 1000 });
  return origins;
}
