/** Sign-in providers' vocabulary, zod-free so the web app can use it (schemas: entities/auth.ts). */

/** How a provider signs people in: OAuth 2 / OpenID Connect (the reference's only type) or SAML 2.0. */
export const AuthProviderType = { OAuth2: 1, Saml: 2 } as const;
export type AuthProviderTypeValue = (typeof AuthProviderType)[keyof typeof AuthProviderType];

/** Where the client credentials go in the token request: detected, in the form body, or as Basic auth. */
export const AuthStyle = { AutoDetect: 0, InParams: 1, InHeader: 2 } as const;

/** The placeholder a provider's logout URL may hold for where the provider sends people back to. */
export const LOGOUT_REDIRECT_PLACEHOLDER = '{logoutRedirectUri}';

/**
 * How a sign-in through a provider returns: to the web app (`ui`), a web page or the mobile
 * app; `test` (Perch addition) lets an org admin try a provider: nobody is signed in or
 * created, the admin sees what the provider sent (`GET /auth-provider/:id/test/:stateId`).
 */
export const PROVIDER_LOGIN_TYPES = ['web', 'app', 'ui', 'test'] as const;
export type ProviderLoginType = (typeof PROVIDER_LOGIN_TYPES)[number];

/**
 * Why a provider sign-in ended on the failed page (`/ui/login/failed/?reason=`): the provider's
 * set-up is unusable (`config`), the provider's answer could not be used (`userinfo`), or the
 * person may not sign in here (`login`); `expired` when the sign-in took too long or was
 * replayed (Perch addition); `link` when the account has a password and must be linked to the
 * provider by its owner first, or the provider's person has another email than the account being
 * linked (Perch addition).
 */
export const PROVIDER_FAILURE_REASONS = ['config', 'userinfo', 'login', 'expired', 'link'] as const;
export type ProviderFailureReason = (typeof PROVIDER_FAILURE_REASONS)[number];
