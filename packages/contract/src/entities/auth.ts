import { z } from 'zod';
import { isComplexPassword, isEmail, PASSWORD_MAX, PASSWORD_MIN } from '../validation.js';
import { webAuthnCredentialSchema } from './account-security.js';
import { AuthProviderType, LOGOUT_REDIRECT_PLACEHOLDER, PROVIDER_LOGIN_TYPES } from '../auth-providers.js';
import { organizationSchema } from './organization.js';

export const authProviderStubSchema = z.object({ id: z.string(), name: z.string() });

/** Answer of the sign-in lookups: the organisation, its sign-in providers and what they need. */
export const preflightSchema = z.object({
  organization: organizationSchema,
  authProviders: z.array(authProviderStubSchema),
  requirePassword: z.boolean(),
  disablePasswordLogin: z.boolean(),
  domain: z.string(),
});
export type Preflight = z.infer<typeof preflightSchema>;

export const preflightBody = z.object({ email: z.string().trim().min(3).max(256) });

export const loginBody = z.object({
  email: z.string().trim().min(3).max(256),
  password: z.string().min(8).max(64),
  organizationId: z.uuid(),
  /** A TOTP code, or one of Perch's recovery codes. */
  code: z.string().max(16).optional(),
  /** The state of the passkey challenge a previous 401 answer carried, with the signed assertion. */
  passkeyStateId: z.uuid().optional(),
  passkeyCredential: webAuthnCredentialSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginBody>;

/** `POST /auth/verify/:id`: the account's second factor, asked for by the ticket's 401. */
export const ticketSecondFactorBody = loginBody.pick({ code: true, passkeyStateId: true, passkeyCredential: true });
export type TicketSecondFactor = z.infer<typeof ticketSecondFactorBody>;

/** Tokens returned by login and refresh. */
export const credentialsSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Access-token expiry as epoch milliseconds. */
  accessTokenExpiry: z.number().int(),
  logoutUrl: z.string(),
  profilePageUrl: z.string(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/**
 * The forced password change: the sign-in fields (a second factor included, when the account has
 * one: it answers 401 like the sign-in) and the new password.
 */
export const updatePasswordBody = loginBody.extend({ newPassword: z.string().min(8).max(64) });

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(128) });

export const logoutParams = z.object({ where: z.string().max(64) });

export const sessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  device: z.string(),
  created: z.string(),
  lastActivity: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const authProviderSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  readOnly: z.boolean(),
  name: z.string(),
  /** 1 = OAuth 2 / OpenID Connect, 2 = SAML 2.0 (Perch addition). */
  providerType: z.number().int(),
  /** OAuth 2: the authorisation endpoint. SAML: the identity provider's single sign-on URL (redirect binding). */
  authUrl: z.string(),
  tokenUrl: z.string(),
  authStyle: z.number().int(),
  scopes: z.string(),
  userInfoUrl: z.string(),
  /** OAuth 2: claims of the user info; SAML: attribute names (`nameID` for the subject's NameID). */
  userInfoEmailField: z.string(),
  userInfoFirstnameField: z.string(),
  userInfoLastnameField: z.string(),
  clientId: z.string(),
  /** Never returned in clear: "" on reads. */
  clientSecret: z.string(),
  logoutUrl: z.string(),
  profilePageUrl: z.string(),
  /**
   * Perch addition. OAuth 2: the OpenID issuer; when set, the provider's discovery document
   * fills in missing endpoints and ID tokens are checked (issuer, audience, nonce). SAML: the
   * identity provider's entity ID, which signed responses must name as their issuer.
   */
  issuer: z.string(),
  /** Perch addition, SAML: the identity provider's signing certificate (PEM). */
  idpCertificate: z.string(),
  /** Perch addition, read-only: the address to register at the provider (OAuth redirect URI or SAML ACS URL). */
  redirectUri: z.string(),
  /** Perch addition, read-only, SAML: Perch's service-provider metadata, whose address is also its entity ID. */
  samlMetadataUrl: z.string(),
  /**
   * Perch addition: the provider checks two factors itself, so Perch does not ask for the account's
   * own second factor after a sign-in through it. Off (the default), an account with TOTP or passkeys
   * gives its second factor after the provider too.
   */
  checksSecondFactor: z.boolean(),
});
export type AuthProvider = z.infer<typeof authProviderSchema>;

/** An absolute http(s) URL of at most 256 characters. */
const isHttpUrl = (v: string): boolean => {
  if (v.length > 256) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};
const urlOrEmpty = z
  .string()
  .trim()
  .max(256)
  .refine((v) => v === '' || isHttpUrl(v), 'must be an absolute http(s) URL')
  .default('');
/** A logout URL may hold the `{logoutRedirectUri}` placeholder. */
const logoutUrl = z
  .string()
  .trim()
  .max(256)
  .refine(
    (v) => v === '' || isHttpUrl(v.replaceAll(LOGOUT_REDIRECT_PLACEHOLDER, 'x')),
    'must be an absolute http(s) URL',
  )
  .default('');

const authProviderFields = z.object({
  name: z.string().trim().min(1).max(256),
  providerType: z.union([z.literal(AuthProviderType.OAuth2), z.literal(AuthProviderType.Saml)]),
  authUrl: urlOrEmpty,
  tokenUrl: urlOrEmpty,
  authStyle: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  scopes: z.string().trim().max(256).default(''),
  userInfoUrl: urlOrEmpty,
  userInfoEmailField: z.string().trim().min(1).max(256),
  userInfoFirstnameField: z.string().trim().max(256).default(''),
  userInfoLastnameField: z.string().trim().max(256).default(''),
  clientId: z.string().trim().max(256).default(''),
  clientSecret: z.string().max(256).default(''),
  logoutUrl,
  profilePageUrl: urlOrEmpty,
  issuer: z.string().trim().max(256).default(''),
  idpCertificate: z.string().trim().max(16_384).default(''),
  checksSecondFactor: z.boolean().default(false),
});
type AuthProviderFields = z.output<typeof authProviderFields>;

/**
 * What each provider type needs. OAuth 2: scopes and a client ID, the authorisation, token and
 * user-info endpoints unless an OpenID issuer is named (discovery then supplies them), and on
 * create a client secret. SAML: the single sign-on URL and the identity provider's certificate.
 */
const providerTypeRules =
  (creating: boolean) =>
  (p: AuthProviderFields, ctx: z.RefinementCtx): void => {
    const need = (path: keyof AuthProviderFields, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.providerType === AuthProviderType.Saml) {
      if (p.authUrl === '') need('authUrl', "the identity provider's single sign-on URL is required");
      if (p.idpCertificate === '') need('idpCertificate', "the identity provider's certificate is required for SAML");
      return;
    }
    if (p.scopes === '') need('scopes', 'scopes are required');
    if (p.clientId === '') need('clientId', 'a client ID is required');
    if (creating && p.clientSecret === '') need('clientSecret', 'a client secret is required');
    if (p.issuer === '') {
      if (p.authUrl === '') need('authUrl', 'an authorisation URL is required unless an OpenID issuer is given');
      if (p.tokenUrl === '') need('tokenUrl', 'a token URL is required unless an OpenID issuer is given');
      if (p.userInfoUrl === '') need('userInfoUrl', 'a user-info URL is required unless an OpenID issuer is given');
    } else if (!isHttpUrl(p.issuer)) need('issuer', 'must be an absolute http(s) URL');
  };

/** Changing a provider: an empty client secret keeps the stored one. */
export const authProviderSaveBody = authProviderFields.superRefine(providerTypeRules(false));
export type AuthProviderSave = z.infer<typeof authProviderSaveBody>;

/** Creating a provider: an OAuth 2 provider needs its client secret. */
export const authProviderCreateBody = authProviderFields.superRefine(providerTypeRules(true));

/** `POST /auth-provider/:id/link`: where the signed-in person goes to link their account to the provider. */
export const providerLinkStartSchema = z.object({ url: z.string() });
export type ProviderLinkStart = z.infer<typeof providerLinkStartSchema>;

/** `GET /auth-provider/org/:orgId`: the organisation whose providers the sign-in page lists. */
export const authProviderOrgParams = z.object({ orgId: z.string().max(64) });

export const providerLoginParams = z.object({
  providerId: z.string().max(64),
  type: z.enum(PROVIDER_LOGIN_TYPES),
});
/** Where to go after signing in: a path of the web app. */
export const providerLoginQuery = z.object({ redir: z.string().max(2048).optional() });

export const providerParams = z.object({ providerId: z.string().max(64) });
/** What an OAuth 2 provider sends back to the callback (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export const providerCallbackQuery = z.looseObject({
  state: z.string().max(256).optional(),
  code: z.string().max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});
/** A SAML response posted by the browser to the assertion consumer service. */
export const samlResponseBody = z.object({
  SAMLResponse: z.string().min(1).max(256_000),
  RelayState: z.string().max(256).optional(),
});

/** What an org admin's test sign-in through a provider brought back (Perch addition). */
export const providerTestResultSchema = z.object({
  successful: z.boolean(),
  /** The reason a sign-in would have failed, as on the failed page; '' on success. */
  reason: z.string(),
  /** The provider's own error and description, or Perch's account of what went wrong. */
  error: z.string(),
  errorDescription: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** Every claim or attribute the provider sent, as text, so the field names can be chosen. */
  attributes: z.record(z.string(), z.string()),
  /** Whether a person with this email could sign in now (existing account or `allow_any_user`). */
  wouldSignIn: z.boolean(),
});
export type ProviderTestResult = z.infer<typeof providerTestResultSchema>;
export const providerTestParams = z.object({ id: z.string().max(64), stateId: z.string().max(64) });

/** `POST /auth/initpwreset`: the account that forgot its password. */
export const passwordResetRequestBody = z.object({
  organizationId: z.uuid(),
  email: z.string().trim().max(254).refine(isEmail, 'email must be a valid address'),
});

/** A password chosen through a reset or invitation link: the complexity rule (validation.ts). */
export const newPasswordBody = z.object({
  password: z
    .string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .refine(isComplexPassword, 'password needs an upper-case and a lower-case letter, a digit and another character'),
});

/**
 * The account a usable password-reset or invitation link is for (Perch addition): the page
 * behind the link names it and signs the person in once the password is set.
 */
export const oneTimeLinkSchema = z.object({
  email: z.string(),
  organizationId: z.string(),
});
export type OneTimeLink = z.infer<typeof oneTimeLinkSchema>;
