import type { AppDeps } from '../context.js';

/**
 * Which other web origins may show a page of Perch in a frame, per host the page is served on:
 * the organisation's answer (the settings feature looks it up: organization/settings/
 * frame-origins.ts), kept for FRAME_ORIGINS_CACHE_SECONDS, so a change reaches every process
 * within that time (this process's own changes at once).
 */

/** Looks up the origins that may frame pages served on `host`. */
export type FrameOriginLookup = (deps: AppDeps, host: string) => Promise<string[]>;

const FRAME_ORIGINS_CACHE_SECONDS = 30;
const cache = new Map<string, { origins: string[]; until: number }>();

/** Forgets what was looked up (after the setting changed in this process). */
export function forgetFrameOrigins(): void {
  cache.clear();
}

/** The frame origins for a request's host (without the port). */
export async function frameOriginsFor(deps: AppDeps, host: string, lookUp: FrameOriginLookup): Promise<string[]> {
  const key = host.toLowerCase();
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.origins;
  const origins = await lookUp(deps, key);
  if (cache.size > 1000) cache.clear();
  cache.set(key, { origins, until: Date.now() + FRAME_ORIGINS_CACHE_SECONDS * 1000 });
  return origins;
}
