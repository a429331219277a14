import { AuthProviderType, ErrorCode, Role, type AuthProviderSave } from '@perch/contract';
import { requireOrgRole, requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { normaliseCertificate } from './certificate.js';
import { forgetProviderConfiguration } from './oauth.js';
import {
  deleteAuthProvider,
  findAuthProvider,
  findAuthProviderIdByName,
  hasBoundUsers,
  insertAuthProvider,
  listAuthProviders,
  updateAuthProvider,
  type AuthProviderRow,
  type NewAuthProvider,
} from './repo.js';

const nameTaken = () =>
  conflict('A sign-in provider with this name already exists', ErrorCode.AuthProviderAlreadyExists);

/** A concurrent request took the name between the check and the write. */
function duplicateName(e: unknown): never {
  if (isUniqueViolation(e)) throw nameTaken();
  throw e;
}

/** A provider of the caller's reach: 404 when unknown or another organisation's, 403 below org admin. */
export async function providerFor(deps: AppDeps, auth: AuthContext, rawId: string): Promise<AuthProviderRow> {
  const provider = await findAuthProvider(deps.db, pathId(rawId, 'Unknown sign-in provider'));
  if (!provider) throw notFound('Unknown sign-in provider');
  requireOrgRole(auth, provider.organization_id, Role.OrgAdmin);
  return provider;
}

export async function listProviders(deps: AppDeps, auth: AuthContext): Promise<AuthProviderRow[]> {
  requireRole(auth, Role.OrgAdmin);
  return listAuthProviders(deps.db, auth.orgId);
}

async function ensureNameFree(deps: AppDeps, orgId: string, name: string, exceptId?: string): Promise<void> {
  const existing = await findAuthProviderIdByName(deps.db, orgId, name);
  if (existing && existing !== exceptId) throw nameTaken();
}

/**
 * The columns of a provider from a saved body. The client secret is encrypted; an empty one
 * keeps `storedSecret`. A SAML provider keeps no OAuth client fields, an OAuth provider no certificate.
 */
function providerColumns(
  deps: AppDeps,
  auth: AuthContext,
  body: AuthProviderSave,
  storedSecret: string,
): Omit<NewAuthProvider, 'organization_id'> {
  const saml = body.providerType === AuthProviderType.Saml;
  let certificate = '';
  if (saml) {
    const pem = normaliseCertificate(body.idpCertificate);
    if (!pem) throw badRequest("idpCertificate: the identity provider's certificate is not a valid X.509 certificate");
    certificate = pem;
  }
  const secret = saml ? '' : body.clientSecret !== '' ? deps.secrets.encrypt(body.clientSecret) : storedSecret;
  if (!saml && secret === '') throw badRequest('clientSecret: a client secret is required');
  return {
    name: body.name,
    provider_type: body.providerType,
    auth_url: body.authUrl,
    token_url: saml ? '' : body.tokenUrl,
    auth_style: saml ? 0 : body.authStyle,
    scopes: saml ? '' : body.scopes,
    userinfo_url: saml ? '' : body.userInfoUrl,
    userinfo_email_field: body.userInfoEmailField,
    userinfo_firstname_field: body.userInfoFirstnameField,
    userinfo_lastname_field: body.userInfoLastnameField,
    client_id: saml ? '' : body.clientId,
    client_secret: secret,
    logout_url: body.logoutUrl,
    profile_page_url: body.profilePageUrl,
    issuer: body.issuer,
    idp_certificate: certificate,
    checks_second_factor: body.checksSecondFactor,
    // Whoever configures a provider last sets the highest role it may sign in (sign-in.ts).
    configured_by_role: auth.role,
  };
}

export async function createProvider(deps: AppDeps, auth: AuthContext, body: AuthProviderSave): Promise<string> {
  requireRole(auth, Role.OrgAdmin);
  const columns = providerColumns(deps, auth, body, '');
  await ensureNameFree(deps, auth.orgId, body.name);
  return insertAuthProvider(deps.db, { ...columns, organization_id: auth.orgId }).catch(duplicateName);
}

export async function updateProvider(
  deps: AppDeps,
  auth: AuthContext,
  rawId: string,
  body: AuthProviderSave,
): Promise<void> {
  const provider = await providerFor(deps, auth, rawId);
  if (provider.read_only) throw forbidden('This sign-in provider comes from the server configuration');
  const columns = providerColumns(deps, auth, body, provider.client_secret);
  await ensureNameFree(deps, provider.organization_id, body.name, provider.id);
  await updateAuthProvider(deps.db, provider.id, columns).catch(duplicateName);
  forgetProviderConfiguration(provider.id);
}

export async function deleteProvider(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  const provider = await providerFor(deps, auth, rawId);
  if (provider.read_only) throw forbidden('This sign-in provider comes from the server configuration');
  if (await hasBoundUsers(deps.db, provider.id))
    throw badRequest('Users sign in through this provider: give them another sign-in method first');
  await deleteAuthProvider(deps.db, provider.id);
  forgetProviderConfiguration(provider.id);
}
