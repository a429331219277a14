import { parseOrigins } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import { countOrganizations, findAnyOrganization, findOrganizationByActiveDomain } from './repo.js';
import { readSetting } from '../settings/index.js';

/**
 * The team wiki's origins an organisation lists (`confluence_frame_origins`), which may show its
 * pages in a frame: for pages served on that organisation's domains, or on any address of a
 * server with a single organisation. The HTTP layer asks this once per host and keeps the answer
 * a while (http/frame-origins.ts).
 */
export async function organizationFrameOrigins(deps: AppDeps, host: string): Promise<string[]> {
  const org =
    (await findOrganizationByActiveDomain(deps.db, host)) ??
    ((await countOrganizations(deps.db)) === 1 ? await findAnyOrganization(deps.db) : undefined);
  if (!org) return [];
  return parseOrigins((await readSetting(deps.db, org.id, 'confluence_frame_origins')) ?? '') ?? [];
}
