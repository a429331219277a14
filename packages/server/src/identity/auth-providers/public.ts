import { AuthProviderType } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { findAuthProviderStubs } from '../auth/index.js';
import { findOrganization } from '../../organization/organizations/index.js';
import { findAuthProvider, type AuthProviderRow } from './repo.js';

/** `GET /auth-provider/org/:orgId` (public): the names the sign-in page shows. */
export async function findAuthProviderStubsOfOrganization(
  deps: AppDeps,
  orgId: string,
): Promise<{ id: string; name: string }[]> {
  if (!isUuid(orgId) || !(await findOrganization(deps.db, orgId.toLowerCase()))) throw notFound('Unknown organisation');
  return findAuthProviderStubs(deps.db, orgId.toLowerCase());
}

/** A provider named in a public URL (sign-in, callback, metadata): 404 when unknown or of another type. */
export async function publicProvider(deps: AppDeps, rawId: string, kind?: 'oauth' | 'saml'): Promise<AuthProviderRow> {
  const p = isUuid(rawId) ? await findAuthProvider(deps.db, rawId.toLowerCase()) : undefined;
  const type = { oauth: AuthProviderType.OAuth2, saml: AuthProviderType.Saml }[kind ?? 'oauth'];
  if (!p || (kind && p.provider_type !== type)) throw notFound('Unknown sign-in provider');
  return p;
}
