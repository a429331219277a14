import {
  ErrorCode,
  isComplexPassword,
  isEmail,
  isHumanName,
  isServiceAccount,
  type UserSave,
  type UserSort,
} from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { GroupRow, UserRow, UserUpdate } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { isUuid, pathId } from '../../http/ids.js';
import { hashPassword } from '../../lib/password.js';
import { NO_API_TOKEN } from '../api-tokens/index.js';
import { organizationOfUser, queueInvitation, findAuthProviderId } from '../auth/index.js';
import { deleteSessionsOfUser } from '../sessions/index.js';
import { findOrganization } from '../../organization/organizations/index.js';
import { insertDefaultPreferences } from '../preferences/index.js';
import { countPasskeys } from '../second-factors/index.js';
import { settingEnabled } from '../../organization/settings/index.js';
import {
  mayCreateUserIn,
  mayDeleteUser,
  mayLookUpColleagues,
  mayManageUser,
  maySetPassword,
  outsideReach,
  passwordChangeRequired,
  roleAfterUpdate,
  roleForNewUser,
  seesAccountDetails,
  USER_LISTER_ROLE,
  USER_MANAGER_ROLE,
} from '../accounts/index.js';
import {
  countUsers,
  deleteUser,
  findGroupsOfUser,
  findUser,
  findUserByEmail,
  insertUser,
  searchUsers,
  updateUser,
} from '../accounts/index.js';

/**
 * A user as `POST /user/` and `PUT /user/{id}` take it. The names are optional (clients may send neither):
 * absent or empty on create is stored as '', absent on update keeps the stored name.
 */
export type UserInput = Omit<UserSave, 'firstname' | 'lastname'> & { firstname?: string; lastname?: string };

const WEAK_PASSWORD = 'The password must have 8–64 characters with upper- and lower-case letters, a digit and a symbol';

/** Validates a user body; returns the names, trimmed (undefined when absent). */
function checkUser(body: UserInput): { firstname: string | undefined; lastname: string | undefined } {
  if (!isServiceAccount(body.role) && !isEmail(body.email)) throw badRequest('Invalid email address');
  // Names are optional; a name that is given must look like one (2–64 letters, digits, spaces, -'.).
  const firstname = body.firstname?.trim();
  const lastname = body.lastname?.trim();
  if (firstname && !isHumanName(firstname)) throw badRequest('A valid first name is required');
  if (lastname && !isHumanName(lastname)) throw badRequest('A valid last name is required');
  if (body.password && !isComplexPassword(body.password)) throw badRequest(WEAK_PASSWORD);
  if (body.sendInvitation && isServiceAccount(body.role))
    throw badRequest('Service accounts cannot be invited: they sign in with a password or an API token');
  return { firstname, lastname };
}

async function checkProvider(db: Db, orgId: string, providerId: string | undefined): Promise<string | null> {
  if (!providerId) return null;
  if (!isUuid(providerId)) throw badRequest('Unknown sign-in provider');
  const id = await findAuthProviderId(db, orgId, providerId);
  if (!id) throw badRequest('Unknown sign-in provider');
  return id;
}

async function ensureEmailFree(db: Db, orgId: string, email: string, exceptId?: string): Promise<void> {
  const existing = await findUserByEmail(db, orgId, email);
  if (existing && existing.id !== exceptId)
    throw conflict('A user with this email already exists', ErrorCode.UserAlreadyExists);
}

/** Loads a user that the caller may manage: same organisation (404 otherwise), role within reach (403). */
async function manageableUser(deps: AppDeps, auth: AuthContext, id: string): Promise<UserRow> {
  const user = await findUser(deps.db, id);
  if (!user || outsideReach(auth, user)) throw notFound('Unknown user');
  if (!mayManageUser(auth, user)) throw forbidden('You cannot manage a user with a higher role');
  return user;
}

/** The signed-in user, and whether the request came in on the organisation's primary domain. */
export interface Me {
  user: UserRow;
  organization: AuthContext['organization'];
  onPrimaryDomain: boolean;
  hasPasskeys: boolean;
}

/** The caller's own account; `host` is the request's `Host` (lower-case, without port). */
export async function getMe(deps: AppDeps, auth: AuthContext, input: { host: string }): Promise<Me> {
  const { primaryDomain } = auth.organization;
  return {
    user: auth.user,
    organization: auth.organization,
    onPrimaryDomain: primaryDomain !== '' && input.host === primaryDomain,
    hasPasskeys: (await countPasskeys(deps.db, auth.userId)) > 0,
  };
}

/** Number of users of the caller's organisation (org admins). */
export async function countOrgUsers(deps: AppDeps, auth: AuthContext): Promise<number> {
  requireRole(auth, USER_MANAGER_ROLE);
  return countUsers(deps.db, auth.orgId);
}

/** One page of the organisation's users and the number of matches (space admins). */
export async function listUsers(
  deps: AppDeps,
  auth: AuthContext,
  query: { q?: string; limit?: number; offset?: number; sort?: UserSort; order?: 'asc' | 'desc' },
): Promise<{ rows: UserRow[]; total: number }> {
  requireRole(auth, USER_LISTER_ROLE);
  return searchUsers(deps.db, auth.orgId, query);
}

/** The groups of a user (org admins). */
export async function listUserGroups(deps: AppDeps, auth: AuthContext, id: string): Promise<GroupRow[]> {
  requireRole(auth, USER_MANAGER_ROLE);
  const user = await manageableUser(deps, auth, pathId(id, 'Unknown user'));
  return findGroupsOfUser(deps.db, user.id);
}

/** A colleague found by email, and whether the caller sees their account details. */
export interface LookedUpUser {
  user: UserRow;
  accountDetails: boolean;
}

/** Looks a colleague up by email: space admins always, others when the organisation shows names. */
export async function lookUpUserByEmail(deps: AppDeps, auth: AuthContext, email: string): Promise<LookedUpUser> {
  const accountDetails = seesAccountDetails(auth);
  // The show_names setting is read only for callers who need it.
  if (!accountDetails && !mayLookUpColleagues(auth, await settingEnabled(deps.db, auth.orgId, 'show_names')))
    throw forbidden();
  const user = await findUserByEmail(deps.db, auth.orgId, email);
  if (!user || user.id === auth.userId) throw notFound('Unknown user');
  return { user, accountDetails };
}

/** One user (org admins). */
export async function getUser(deps: AppDeps, auth: AuthContext, id: string): Promise<UserRow> {
  requireRole(auth, USER_MANAGER_ROLE);
  return manageableUser(deps, auth, pathId(id));
}

/** Creates a user (org admins). Returns the new id. */
export async function createUser(deps: AppDeps, auth: AuthContext, body: UserInput): Promise<string> {
  requireRole(auth, USER_MANAGER_ROLE);
  const names = checkUser(body);
  const orgId = body.organizationId || auth.orgId;
  if (orgId !== auth.orgId) {
    if (!mayCreateUserIn(auth, orgId)) throw forbidden('You cannot create users in another organisation');
    if (!isUuid(orgId) || !(await findOrganization(deps.db, orgId))) throw badRequest('Unknown organisation');
  }
  const providerId = await checkProvider(deps.db, orgId, body.authProviderId);
  const email = body.email.trim().toLowerCase();
  const passwordHash = body.password && !body.sendInvitation ? await hashPassword(body.password, deps.config) : null;
  return inTransaction(deps, async (tx) => {
    await ensureEmailFree(tx.db, orgId, email);
    const user = await insertUser(tx.db, {
      organization_id: orgId,
      email,
      firstname: names.firstname ?? '',
      lastname: names.lastname ?? '',
      role: roleForNewUser(auth, body.role),
      password_hash: passwordHash,
      password_update_required: passwordHash !== null,
      password_pending: body.sendInvitation === true,
      auth_provider_id: passwordHash || body.sendInvitation ? null : providerId,
      atlassian_id: null,
      last_activity_at: null,
      totp_secret: null,
      api_token_hash: null,
    });
    const mail = await settingEnabled(tx.db, orgId, 'new_user_default_mail_notification');
    await insertDefaultPreferences(tx.db, user.id, mail);
    if (body.sendInvitation) await queueInvitation(deps, tx.db, user, await organizationOfUser(tx.db, user));
    return user.id;
  });
}

/** Changes a user (org admins). Names left out keep their stored values. */
export async function updateUserAccount(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; user: UserInput },
): Promise<void> {
  requireRole(auth, USER_MANAGER_ROLE);
  const id = pathId(input.id, 'Unknown user');
  const body = input.user;
  const names = checkUser(body);
  const user = await manageableUser(deps, auth, id);
  const providerId = await checkProvider(deps.db, user.organization_id, body.authProviderId);
  const email = body.email.trim().toLowerCase();
  const role = roleAfterUpdate(auth, user, body.role);
  const changes: UserUpdate = {
    email,
    firstname: names.firstname ?? user.firstname,
    lastname: names.lastname ?? user.lastname,
    role,
  };
  // Only service accounts have API tokens: one that becomes a person loses its token for good.
  if (!isServiceAccount(role) && user.api_token_hash !== null) Object.assign(changes, NO_API_TOKEN);
  let killSessions = false;
  if (body.sendInvitation) {
    Object.assign(changes, { password_hash: null, auth_provider_id: null, password_pending: true });
    killSessions = true;
  } else if (body.password) {
    Object.assign(changes, {
      password_hash: await hashPassword(body.password, deps.config),
      auth_provider_id: null,
      password_pending: false,
      password_update_required: passwordChangeRequired(auth, user.id),
    });
    killSessions = true;
  } else if (providerId) {
    Object.assign(changes, { password_hash: null, auth_provider_id: providerId, password_pending: false });
    killSessions = providerId !== user.auth_provider_id;
  }
  await inTransaction(deps, async (tx) => {
    await ensureEmailFree(tx.db, user.organization_id, email, user.id);
    await updateUser(tx.db, user.id, changes);
    if (killSessions) await deleteSessionsOfUser(tx.db, user.id);
    if (body.sendInvitation) {
      const invited = { ...user, ...changes } as UserRow;
      await queueInvitation(deps, tx.db, invited, await organizationOfUser(tx.db, user));
    }
  });
}

/**
 * `POST /user/{id}/invitation` (org admins): mails a new invitation to a user who signs in with
 * a password but has not chosen one yet; earlier invitation links stop working.
 */
export async function resendInvitation(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  requireRole(auth, USER_MANAGER_ROLE);
  const user = await manageableUser(deps, auth, pathId(rawId, 'Unknown user'));
  if (isServiceAccount(user.role)) throw badRequest('Service accounts cannot be invited');
  if (user.password_hash !== null) throw badRequest('This user has a password already');
  if (user.auth_provider_id)
    throw badRequest('This user signs in through a sign-in provider: change the sign-in method to invite them');
  if (user.disabled) throw badRequest('This user is disabled');
  await inTransaction(deps, async (tx) => {
    if (!user.password_pending) await updateUser(tx.db, user.id, { password_pending: true });
    await queueInvitation(deps, tx.db, { ...user, password_pending: true }, await organizationOfUser(tx.db, user));
  });
}

/** Deletes a user and everything that hangs on them (org admins; never yourself). */
export async function deleteUserAccount(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  requireRole(auth, USER_MANAGER_ROLE);
  const id = pathId(rawId, 'Unknown user');
  if (!mayDeleteUser(auth, id)) throw forbidden('You cannot delete yourself');
  const user = await manageableUser(deps, auth, id);
  await deleteUser(deps.db, user.id);
}

/**
 * Sets a password: `id` "me" (or the caller's id) sets your own, an org admin sets another
 * user's, who must then change it at the next sign-in. Every session of the user ends.
 */
export async function setPassword(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; password: string },
): Promise<void> {
  const id = input.id === 'me' ? auth.userId : pathId(input.id, 'Unknown user');
  if (!maySetPassword(auth, id)) throw forbidden();
  if (!isComplexPassword(input.password)) throw badRequest(WEAK_PASSWORD);
  const target = id === auth.userId ? await findUser(deps.db, id) : await manageableUser(deps, auth, id);
  if (!target) throw notFound('Unknown user');
  const hash = await hashPassword(input.password, deps.config);
  await inTransaction(deps, async (tx) => {
    await updateUser(tx.db, target.id, {
      password_hash: hash,
      password_update_required: passwordChangeRequired(auth, target.id),
      password_pending: false,
      auth_provider_id: null,
    });
    await deleteSessionsOfUser(tx.db, target.id);
  });
}
