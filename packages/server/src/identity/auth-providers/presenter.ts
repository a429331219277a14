import { AuthProviderType, type AuthProvider } from '@perch/contract';
import type { Config } from '../../config.js';
import { publicUrl } from '../../lib/public-url.js';
import type { AuthProviderRow } from './repo.js';

/** Where a provider sends the browser back: the OAuth redirect URI, also the SAML assertion consumer. */
export const providerCallbackUrl = (config: Config, providerId: string): string =>
  publicUrl(config, `/auth/${providerId}/callback`);

/** Perch's SAML metadata for a provider; its address is also Perch's entity ID towards that provider. */
export const samlMetadataUrl = (config: Config, providerId: string): string =>
  publicUrl(config, `/auth/${providerId}/saml/metadata`);

/** A provider as org admins see it: everything but the client secret. */
export function presentAuthProvider(config: Config, p: AuthProviderRow): AuthProvider {
  return {
    id: p.id,
    organizationId: p.organization_id,
    readOnly: p.read_only,
    name: p.name,
    providerType: p.provider_type,
    authUrl: p.auth_url,
    tokenUrl: p.token_url,
    authStyle: p.auth_style,
    scopes: p.scopes,
    userInfoUrl: p.userinfo_url,
    userInfoEmailField: p.userinfo_email_field,
    userInfoFirstnameField: p.userinfo_firstname_field,
    userInfoLastnameField: p.userinfo_lastname_field,
    clientId: p.client_id,
    clientSecret: '',
    logoutUrl: p.logout_url,
    profilePageUrl: p.profile_page_url,
    issuer: p.issuer,
    idpCertificate: p.idp_certificate,
    redirectUri: providerCallbackUrl(config, p.id),
    samlMetadataUrl: p.provider_type === AuthProviderType.Saml ? samlMetadataUrl(config, p.id) : '',
    checksSecondFactor: p.checks_second_factor,
  };
}
