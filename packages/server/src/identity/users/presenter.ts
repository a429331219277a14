import type { CountResponse, User, UserMe } from '@perch/contract';
import { presentUser, presentUserPublic } from '../accounts/index.js';
import { EMPTY_ORGANIZATION, presentOrganizationStub } from '../../organization/organizations/index.js';
import type { LookedUpUser, Me } from './service.js';

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
