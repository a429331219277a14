import type { Organization, User, UserStub } from '@perch/contract';
import type { UserRow } from '../../db/schema.js';
import { EMPTY_ORGANIZATION } from '../organizations/presenter.js';

/** The admin view of a user (reference §2.5). Secrets never leave the server. */
export function presentUser(u: UserRow, organization: Organization = EMPTY_ORGANIZATION): User {
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
    spaceAdmin: u.role >= 10,
    admin: u.role >= 20,
    superAdmin: u.role >= 90,
    totpEnabled: u.totp_secret !== null,
    hasPasskeys: false,
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
    role: 0,
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
