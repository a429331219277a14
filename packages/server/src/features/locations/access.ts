import type { FastifyRequest } from 'fastify';
import type { AppDeps, AuthContext } from '../../context.js';
import type { LocationRow } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireOrgRole } from '../../http/permissions.js';
import { readSetting } from '../settings/repo.js';
import { effectiveZone } from '../../lib/time.js';
import { findLocation } from './repo.js';

/** Loads the area named in a path and checks the caller's role in its organisation. */
export async function locationFor(
  deps: AppDeps,
  req: FastifyRequest,
  rawId: string,
  minRole: number,
): Promise<{ auth: AuthContext; location: LocationRow }> {
  const location = await findLocation(deps.db, pathId(rawId, 'Unknown area'));
  if (!location) throw notFound('Unknown area');
  const auth = requireOrgRole(req, location.organization_id, minRole);
  return { auth, location };
}

/** The IANA zone an area's times are in. */
export async function locationZone(
  deps: AppDeps,
  location: Pick<LocationRow, 'timezone' | 'organization_id'>,
): Promise<string> {
  if (location.timezone) return effectiveZone(location.timezone, undefined);
  return effectiveZone('', await readSetting(deps.db, location.organization_id, 'default_timezone'));
}
