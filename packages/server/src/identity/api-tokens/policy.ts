import { isServiceAccount, Role } from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { managedUser } from '../accounts/index.js';

/**
 * The service account whose token the caller manages, checked in the reference's order: 403
 * without the org admin role, then the checks of every user an admin manages (404 unknown or of
 * another organisation, 403 beyond the caller's reach), 400 for a user who is no service account.
 */
export async function managedServiceAccount(deps: AppDeps, auth: AuthContext, rawId: string): Promise<UserRow> {
  requireRole(auth, Role.OrgAdmin);
  const user = await managedUser(deps, auth, rawId);
  if (!isServiceAccount(user.role)) throw badRequest('Only service accounts have API tokens');
  return user;
}
