import type { Preflight } from '@perch/contract';
import { presentOrganizationStub } from '../../organization/organizations/index.js';
import type { PreflightFacts } from './preflight.js';

/** What the sign-in screen needs to know about an organisation. */
export function presentPreflight(f: PreflightFacts): Preflight {
  return {
    organization: presentOrganizationStub(f.organization),
    authProviders: f.authProviders,
    requirePassword: f.anyUserHasPassword && !f.passwordLoginDisabled,
    disablePasswordLogin: f.passwordLoginDisabled,
    domain: f.domain,
  };
}
