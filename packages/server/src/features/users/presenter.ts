import {
  isOrgAdmin,
  isSpaceAdmin,
  isSuperAdmin,
  Role,
  type CountResponse,
  type Organization,
  type User,
  type UserMe,
  type UserStub,
} from '@perch/contract';
import type { UserRow } from '../../db/schema.js';
import { EMPTY_ORGANIZATION, presentOrganizationStub } from '../organizations/presenter.js';
import type { LookedUpUser, Me } from './service.js';

/**
 * The admin view of a user (reference §2.5). Secrets never leave the server. Whether the user
 * has passkeys is not on the row: the caller looks it up (second-factors/repo.ts).
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

/** A colleague looked up by email: the admin view for space admins, the public one for others. */
export const presentLookedUpUser = (found: LookedUpUser, hasPasskeys = false): User =>
  found.accountDetails ? presentUser(found.user, EMPTY_ORGANIZATION, hasPasskeys) : presentUserPublic(found.user);

/**
 * `GET /user/me`: the user with their organisation's name. The reference's `authProviderId` is
 * hidden; Perch's `signInProviderId` tells the owner which provider the account signs in through.
 */
export function presentMe(me: Me): UserMe {
  return {
    ...presentUser(me.user, presentOrganizationStub(me.organization), me.hasPasskeys),
    authProviderId: '',
    isPrimaryDomain: me.onPrimaryDomain,
    signInProviderId: me.user.auth_provider_id ?? '',
  };
}

export const presentUserCount = (count: number): CountResponse => ({ count });

export function presentUserStub(u: Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname'>): UserStub {
  return { id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname };
}
