import { isOrgAdmin, isServiceAccount, isSpaceAdmin, mayGrantRole, Role } from '@perch/contract';
import { isSuperAdmin, requireOrgRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { findUser } from './repo.js';

/** Who may do what with user accounts. */

/** Managing accounts (create, read, change, delete) needs this role. */
export const USER_MANAGER_ROLE = Role.OrgAdmin;
/** Listing the organisation's users needs this role. */
export const USER_LISTER_ROLE = Role.SpaceAdmin;

/** Whether a user lies beyond the caller's organisation (super admins reach every organisation). */
export const outsideReach = (auth: AuthContext, user: Pick<UserRow, 'organization_id'>): boolean =>
  user.organization_id !== auth.orgId && !isSuperAdmin(auth);

/**
 * Org admins manage users of at most their own role, plus service accounts (whose role
 * numbers are higher than an org admin's); everyone may act on their own account.
 */
export function mayManageUser(auth: AuthContext, user: Pick<UserRow, 'id' | 'role'>): boolean {
  if (user.id === auth.userId) return true;
  return user.role <= auth.role || (isServiceAccount(user.role) && isOrgAdmin(auth.role));
}

/** Only super admins create users in an organisation other than their own. */
export const mayCreateUserIn = (auth: AuthContext, orgId: string): boolean =>
  orgId === auth.orgId || isSuperAdmin(auth);

/** The role a new user gets: the one asked for, unless it is above what the creator may grant. */
export const roleForNewUser = (auth: AuthContext, requested: number): number =>
  mayGrantRole(auth.role, requested) ? requested : Role.User;

/** Nobody changes their own role, and nobody grants a role above their own: the old role stays. */
export const roleAfterUpdate = (auth: AuthContext, user: Pick<UserRow, 'id' | 'role'>, requested: number): number =>
  user.id === auth.userId || !mayGrantRole(auth.role, requested) ? user.role : requested;

/** Nobody deletes their own account. */
export const mayDeleteUser = (auth: AuthContext, userId: string): boolean => userId !== auth.userId;

/** A password is set by its owner or by an org admin. */
export const maySetPassword = (auth: AuthContext, userId: string): boolean =>
  userId === auth.userId || isOrgAdmin(auth.role);

/** A password someone else set must be changed at the next sign-in. */
export const passwordChangeRequired = (auth: AuthContext, userId: string): boolean => userId !== auth.userId;

/** Colleagues are looked up by email by space admins, and by everyone when names are shown. */
export const mayLookUpColleagues = (auth: AuthContext, showNames: boolean): boolean =>
  isSpaceAdmin(auth.role) || showNames;

/** Space admins see a colleague's account details; others their identity only. */
export const seesAccountDetails = (auth: AuthContext): boolean => isSpaceAdmin(auth.role);

/**
 * A user whose account settings an org admin manages (second factors, API tokens): same
 * organisation (super admins reach every one), else 404; an org admin, else 403; a role within
 * the caller's reach, else 403.
 */
export async function managedUser(deps: Pick<AppDeps, 'db'>, auth: AuthContext, rawId: string): Promise<UserRow> {
  const user = await findUser(deps.db, pathId(rawId, 'Unknown user'));
  if (!user || outsideReach(auth, user)) throw notFound('Unknown user');
  requireOrgRole(auth, user.organization_id, USER_MANAGER_ROLE);
  if (!mayManageUser(auth, user)) throw forbidden('You cannot manage a user with a higher role');
  return user;
}
