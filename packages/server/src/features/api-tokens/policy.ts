import { isServiceAccount, Role } from '@perch/contract';
import { requireOrgRole, requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { mayManageUser, outsideReach } from '../users/policy.js';
import { findUser } from '../users/repo.js';

/** Who manages API tokens: org admins of the service account's organisation (super admins of every one). */
const API_TOKEN_MANAGER_ROLE = Role.OrgAdmin;

/**
 * The service account whose token the caller manages, checked in the reference's order: 403
 * without the role, 404 for an unknown user or one of another organisation (super admins reach
 * every one), 403 for a user beyond the caller's reach, 400 for a user who is no service account.
 */
export async function managedServiceAccount(deps: AppDeps, auth: AuthContext, rawId: string): Promise<UserRow> {
  requireRole(auth, API_TOKEN_MANAGER_ROLE);
  const user = await findUser(deps.db, pathId(rawId, 'Unknown user'));
  if (!user || outsideReach(auth, user)) throw notFound('Unknown user');
  requireOrgRole(auth, user.organization_id, API_TOKEN_MANAGER_ROLE);
  if (!mayManageUser(auth, user)) throw forbidden('You cannot manage a user with a higher role');
  if (!isServiceAccount(user.role)) throw badRequest('Only service accounts have API tokens');
  return user;
}
