/**
 * The sign-in audit log's vocabulary: how someone signed in
 * and why an attempt failed. Zod-free, so the web app can name and translate every value.
 */

/** How a sign-in was attempted (`saml` is a Perch addition: a SAML sign-in provider). */
export const AUTH_METHODS = ['password', 'totp', 'passkey', 'passkey_2fa', 'oauth', 'saml', 'confluence'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/**
 * Why a sign-in failed (`''` on success). The reference's codes, plus Perch's `throttled` (too
 * many failures from the address, 429), `password_update_not_required` (a forced password
 * change asked for by an account that has none pending) and `not_service_account` (HTTP Basic
 * credentials of an account that is no service account: only roles 21/22 authenticate that way)
 * and `second_factor_locked` (a second factor refused unchecked while too many failures of the
 * account, from any address, keep it locked; 429).
 */
export const AUTH_ERROR_CODES = [
  'user_not_found',
  'password_pending',
  'no_password_set',
  'bound_to_auth_provider',
  'user_disabled',
  'service_account',
  'wrong_password',
  'password_update_required',
  'password_update_not_required',
  'not_service_account',
  'throttled',
  // Perch: the password checks were all busy, so this one was not made (503).
  'busy',
  'totp_replay',
  'totp_invalid',
  'passkey_state_invalid',
  'passkey_assertion_invalid',
  'passkey_clone_detected',
  'second_factor_locked',
  'idp_provider_not_found',
  'idp_config_invalid',
  'idp_state_invalid',
  'idp_code_exchange_failed',
  'idp_userinfo_failed',
  'idp_attribute_mapping_failed',
  'idp_provider_mismatch',
  // Perch: the account's role is above the role of the admin who set the provider or wiki up, or it is a super admin.
  'idp_role_too_high',
  // Perch: the account has a password, so only its owner (signed in) or an admin links it to a provider or the wiki.
  'idp_link_required',
  // Perch: linking an account to a provider whose person has another email.
  'idp_link_email_mismatch',
  // Perch: a provider that does not check two factors signed in an account with a second factor, which was not given.
  'second_factor_required',
  'user_limit_reached',
  'user_create_failed',
  'org_mismatch',
  'internal_error',
  'confluence_jwt_invalid',
  // Perch: a wiki token used before, its expiry too far ahead, its shared secret too short, or an
  // address on a domain the organisation has not verified.
  'confluence_jwt_replayed',
  'confluence_jwt_expiry_too_far',
  'confluence_secret_too_short',
  'confluence_domain_not_verified',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** `GET /auth-attempt/`: the page size without `limit`, and the largest page (a larger `limit` is capped). */
export const AUTH_ATTEMPT_PAGE_DEFAULT = 50;
export const AUTH_ATTEMPT_PAGE_MAX = 100;
/** Without `start`, the list reaches this many days back from `end`. */
export const AUTH_ATTEMPT_DEFAULT_DAYS = 7;
