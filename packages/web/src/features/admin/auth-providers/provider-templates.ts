import type { AuthProviderFormValues } from './auth-provider-form';

/** What a template fills in: endpoints, scopes, claim names and the provider's own pages. */
type TemplateFields = Pick<
  AuthProviderFormValues,
  | 'issuer'
  | 'authUrl'
  | 'tokenUrl'
  | 'userInfoUrl'
  | 'scopes'
  | 'userInfoEmailField'
  | 'userInfoFirstnameField'
  | 'userInfoLastnameField'
  | 'logoutUrl'
  | 'profilePageUrl'
>;

export interface ProviderTemplate {
  id: string;
  /** A product name: the same in every language. */
  name: string;
  fields: TemplateFields;
}

const OPENID_CLAIMS = {
  scopes: 'openid,email,profile',
  userInfoEmailField: 'email',
  userInfoFirstnameField: 'given_name',
  userInfoLastnameField: 'family_name',
} as const;

const KEYCLOAK_REALM = 'https://{keycloak-host}/realms/{realm}';
const ENTRA = 'https://login.microsoftonline.com/{tenant}';
const OKTA = 'https://{okta-domain}/oauth2/default';

/**
 * The OpenID Connect set-ups of common identity providers (reference: templates Google /
 * Microsoft / Keycloak / Okta). Parts in braces are the organisation's own: the form refuses to
 * save until they are replaced. `{logoutRedirectUri}` stays: the server fills it in.
 */
export const PROVIDER_TEMPLATES: readonly ProviderTemplate[] = [
  {
    id: 'google',
    name: 'Google',
    fields: {
      ...OPENID_CLAIMS,
      issuer: 'https://accounts.google.com',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      logoutUrl: '',
      profilePageUrl: 'https://myaccount.google.com/',
    },
  },
  {
    id: 'microsoft',
    name: 'Microsoft Entra ID',
    fields: {
      ...OPENID_CLAIMS,
      issuer: `${ENTRA}/v2.0`,
      authUrl: `${ENTRA}/oauth2/v2.0/authorize`,
      tokenUrl: `${ENTRA}/oauth2/v2.0/token`,
      userInfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
      logoutUrl: `${ENTRA}/oauth2/v2.0/logout?post_logout_redirect_uri={logoutRedirectUri}`,
      profilePageUrl: 'https://myaccount.microsoft.com/',
    },
  },
  {
    id: 'keycloak',
    name: 'Keycloak',
    fields: {
      ...OPENID_CLAIMS,
      issuer: KEYCLOAK_REALM,
      authUrl: `${KEYCLOAK_REALM}/protocol/openid-connect/auth`,
      tokenUrl: `${KEYCLOAK_REALM}/protocol/openid-connect/token`,
      userInfoUrl: `${KEYCLOAK_REALM}/protocol/openid-connect/userinfo`,
      logoutUrl: `${KEYCLOAK_REALM}/protocol/openid-connect/logout?client_id={client-id}&post_logout_redirect_uri={logoutRedirectUri}`,
      profilePageUrl: `${KEYCLOAK_REALM}/account`,
    },
  },
  {
    id: 'okta',
    name: 'Okta',
    fields: {
      ...OPENID_CLAIMS,
      issuer: OKTA,
      authUrl: `${OKTA}/v1/authorize`,
      tokenUrl: `${OKTA}/v1/token`,
      userInfoUrl: `${OKTA}/v1/userinfo`,
      // Okta's logout endpoint needs the ID token, which Perch does not keep: sign-out stays local.
      logoutUrl: '',
      profilePageUrl: 'https://{okta-domain}/enduser/settings',
    },
  },
];
