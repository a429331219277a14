import { z } from 'zod';
import { isComplexPassword, isEmail, PASSWORD_MAX, PASSWORD_MIN } from '../validation.js';
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
  code: z.string().max(16).optional(),
});
export type LoginRequest = z.infer<typeof loginBody>;

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

/** The forced password change: the sign-in fields and the new password. */
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
  providerType: z.number().int(),
  authUrl: z.string(),
  tokenUrl: z.string(),
  authStyle: z.number().int(),
  scopes: z.string(),
  userInfoUrl: z.string(),
  userInfoEmailField: z.string(),
  userInfoFirstnameField: z.string(),
  userInfoLastnameField: z.string(),
  clientId: z.string(),
  /** Never returned in clear: "" on reads. */
  clientSecret: z.string(),
  logoutUrl: z.string(),
  profilePageUrl: z.string(),
});
export type AuthProvider = z.infer<typeof authProviderSchema>;

const url = z.url().max(256);
const optionalUrl = z.union([z.literal(''), z.string().max(256)]);
export const authProviderSaveBody = z.object({
  name: z.string().trim().min(1).max(256),
  providerType: z.literal(1),
  authUrl: url,
  tokenUrl: url,
  authStyle: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  scopes: z.string().min(1).max(256),
  userInfoUrl: url,
  userInfoEmailField: z.string().min(1).max(256),
  userInfoFirstnameField: z.string().max(256).default(''),
  userInfoLastnameField: z.string().max(256).default(''),
  clientId: z.string().min(1).max(256),
  clientSecret: z.string().max(256).default(''),
  logoutUrl: optionalUrl.default(''),
  profilePageUrl: optionalUrl.default(''),
});
export type AuthProviderSave = z.infer<typeof authProviderSaveBody>;

/** Creating a provider needs its client secret (an update may leave it empty to keep the stored one). */
export const authProviderCreateBody = authProviderSaveBody.extend({ clientSecret: z.string().min(1).max(256) });

/** `GET /auth-provider/org/:orgId`: the organisation whose providers the sign-in page lists. */
export const authProviderOrgParams = z.object({ orgId: z.string().max(64) });

/** How a sign-in through a provider returns: to the web app (`ui`), a web page or the mobile app. */
export const PROVIDER_LOGIN_TYPES = ['web', 'app', 'ui'] as const;
export const providerLoginParams = z.object({
  providerId: z.string().max(64),
  type: z.enum(PROVIDER_LOGIN_TYPES),
});
/** Where to go after signing in: a path of the web app. */
export const providerLoginQuery = z.object({ redir: z.string().max(2048).optional() });

/** `POST /auth/initpwreset`: the account that forgot its password. */
export const passwordResetRequestBody = z.object({
  organizationId: z.uuid(),
  email: z.string().trim().max(254).refine(isEmail, 'email must be a valid address'),
});

/** A password chosen through a reset or invitation link: the complexity rule (reference §4.9). */
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
