import {
  isOrgAdmin,
  isSpaceAdmin,
  isSuperAdmin,
  Role,
  type Organization,
  type User,
  type UserStub,
} from '@perch/contract';
import type { UserRow } from '../../db/schema.js';
import { EMPTY_ORGANIZATION } from '../../organization/organizations/index.js';

/**
 * The admin view of a user (user lists, `GET /user/{id}`, `/user/me`). Secrets never leave the
 * server. Whether the user has passkeys is not on the row: the caller looks it up
 * (second-factors/repo.ts).
 */
export function presentUser(u: UserRow, organization: Organization = EMPTY_ORGANIZATION, hasPasskeys = false): User {
  return {
    id: u.id,
    organizationId: u.organization_id,
    organization,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    atlassianId: u.atlassian_id ?? '',
    role: u.role,
    authProviderId: u.auth_provider_id ?? '',
    requirePassword: u.password_hash !== null,
    passwordPending: u.password_pending,
    spaceAdmin: isSpaceAdmin(u.role),
    admin: isOrgAdmin(u.role),
    superAdmin: isSuperAdmin(u.role),
    totpEnabled: u.totp_secret !== null,
    hasPasskeys,
    lastActivity: u.last_activity_at ? u.last_activity_at.toISOString() : null,
    password: '',
    sendInvitation: false,
  };
}

/** What a colleague may see of another user: identity, no account details. */
export function presentUserPublic(u: UserRow): User {
  return {
    ...presentUser(u),
    atlassianId: '',
    role: Role.User,
    authProviderId: '',
    requirePassword: false,
    passwordPending: false,
    spaceAdmin: false,
    admin: false,
    superAdmin: false,
    totpEnabled: false,
    lastActivity: null,
  };
}

export function presentUserStub(u: Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname'>): UserStub {
  return { id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname };
}
