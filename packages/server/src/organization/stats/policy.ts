import { Role } from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { settingEnabled } from '../settings/index.js';

/**
 * Statistics are for space admins of the organisation (403 for others), unless the
 * organisation hides them with `hide_stats` (then 404, as if there were none).
 */
export async function requireStats(deps: AppDeps, auth: AuthContext): Promise<void> {
  requireRole(auth, Role.SpaceAdmin);
  if (await settingEnabled(deps.db, auth.orgId, 'hide_stats')) throw notFound('Statistics are hidden');
}
