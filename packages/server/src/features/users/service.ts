import {
  ErrorCode,
  isComplexPassword,
  isEmail,
  isHumanName,
  isOrgAdmin,
  isServiceAccount,
  mayGrantRole,
  type UserSave,
} from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { UserRow, UserUpdate } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { isSuperAdmin } from '../../http/permissions.js';
import { hashPassword } from '../../lib/password.js';
import { insertDefaultPreferences } from '../preferences/repo.js';
import { settingEnabled } from '../settings/repo.js';
import { deleteSessionsOfUser, findUser, findUserByEmail, insertUser, updateUser } from './repo.js';

function checkBody(body: UserSave): void {
  if (!isServiceAccount(body.role) && !isEmail(body.email)) throw badRequest('Invalid email address');
  // Both names are required (2–64 letters, digits, spaces, hyphens, apostrophes, dots).
  if (!isHumanName(body.firstname)) throw badRequest('A valid first name is required');
  if (!isHumanName(body.lastname)) throw badRequest('A valid last name is required');
  if (body.password && !isComplexPassword(body.password))
    throw badRequest('The password must have 8–64 characters with upper- and lower-case letters, a digit and a symbol');
}

async function checkProvider(db: Db, orgId: string, providerId: string | undefined): Promise<string | null> {
  if (!providerId) return null;
  if (!isUuid(providerId)) throw badRequest('Unknown sign-in provider');
  const p = await db
    .selectFrom('auth_providers')
    .select('id')
    .where('id', '=', providerId)
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
  if (!p) throw badRequest('Unknown sign-in provider');
  return p.id;
}

async function ensureEmailFree(db: Db, orgId: string, email: string, exceptId?: string): Promise<void> {
  const existing = await findUserByEmail(db, orgId, email);
  if (existing && existing.id !== exceptId)
    throw conflict('A user with this email already exists', ErrorCode.UserAlreadyExists);
}

/** Creates a user (org admins). Returns the new id. */
export async function createUser(deps: AppDeps, auth: AuthContext, body: UserSave): Promise<string> {
  checkBody(body);
  const orgId = body.organizationId || auth.orgId;
  if (orgId !== auth.orgId) {
    if (!isSuperAdmin(auth)) throw forbidden('You cannot create users in another organisation');
    if (!isUuid(orgId)) throw badRequest('Unknown organisation');
    const org = await deps.db.selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst();
    if (!org) throw badRequest('Unknown organisation');
  }
  const providerId = await checkProvider(deps.db, orgId, body.authProviderId);
  const email = body.email.trim().toLowerCase();
  const role = mayGrantRole(auth.role, body.role) ? body.role : 0;
  const passwordHash = body.password && !body.sendInvitation ? await hashPassword(body.password) : null;
  return deps.db.transaction().execute(async (trx) => {
    await ensureEmailFree(trx, orgId, email);
    const user = await insertUser(trx, {
      organization_id: orgId,
      email,
      firstname: body.firstname,
      lastname: body.lastname,
      role,
      password_hash: passwordHash,
      password_update_required: passwordHash !== null,
      password_pending: body.sendInvitation === true,
      auth_provider_id: passwordHash || body.sendInvitation ? null : providerId,
      atlassian_id: null,
      last_activity_at: null,
      totp_secret: null,
      api_token_hash: null,
    });
    const mail = await settingEnabled(trx, orgId, 'new_user_default_mail_notification');
    await insertDefaultPreferences(trx, user.id, mail);
    return user.id;
  });
}

/** Loads a user that the caller may manage: same organisation (404 otherwise), role not above the caller's (403). */
export async function manageableUser(deps: AppDeps, auth: AuthContext, id: string): Promise<UserRow> {
  const user = await findUser(deps.db, id);
  if (!user || (user.organization_id !== auth.orgId && !isSuperAdmin(auth))) throw notFound('Unknown user');
  // Org admins manage service accounts (21/22) although their numbers are higher.
  const higher = user.role > auth.role && !(isServiceAccount(user.role) && isOrgAdmin(auth.role));
  if (higher && user.id !== auth.userId) throw forbidden('You cannot manage a user with a higher role');
  return user;
}

export async function updateUserAccount(deps: AppDeps, auth: AuthContext, id: string, body: UserSave): Promise<void> {
  checkBody(body);
  const user = await manageableUser(deps, auth, id);
  const providerId = await checkProvider(deps.db, user.organization_id, body.authProviderId);
  const email = body.email.trim().toLowerCase();
  // Nobody changes their own role, and nobody grants a role above their own.
  const role = user.id === auth.userId || !mayGrantRole(auth.role, body.role) ? user.role : body.role;
  const changes: UserUpdate = { email, firstname: body.firstname, lastname: body.lastname, role };
  let killSessions = false;
  if (body.sendInvitation) {
    Object.assign(changes, { password_hash: null, auth_provider_id: null, password_pending: true });
    killSessions = true;
  } else if (body.password) {
    Object.assign(changes, {
      password_hash: await hashPassword(body.password),
      auth_provider_id: null,
      password_pending: false,
      password_update_required: user.id !== auth.userId,
    });
    killSessions = true;
  } else if (providerId) {
    Object.assign(changes, { password_hash: null, auth_provider_id: providerId, password_pending: false });
    killSessions = providerId !== user.auth_provider_id;
  }
  await deps.db.transaction().execute(async (trx) => {
    await ensureEmailFree(trx, user.organization_id, email, user.id);
    await updateUser(trx, user.id, changes);
    if (killSessions) await deleteSessionsOfUser(trx, user.id);
  });
}

export async function setPassword(deps: AppDeps, auth: AuthContext, id: string, password: string): Promise<void> {
  if (!isComplexPassword(password))
    throw badRequest('The password must have 8–64 characters with upper- and lower-case letters, a digit and a symbol');
  const target = id === auth.userId ? await findUser(deps.db, id) : await manageableUser(deps, auth, id);
  if (!target) throw notFound('Unknown user');
  const hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, target.id, {
      password_hash: hash,
      password_update_required: target.id !== auth.userId,
      password_pending: false,
      auth_provider_id: null,
    });
    await deleteSessionsOfUser(trx, target.id);
  });
}
