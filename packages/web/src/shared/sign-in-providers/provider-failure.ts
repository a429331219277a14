import type { ProviderFailureReason } from '@perch/contract';
import type { MessageKey } from '../../i18n';

/**
 * Why a sign-in through a provider failed (`/ui/login/failed/?reason=`, and a test sign-in's
 * `reason`), in words: one message per reason of the contract's `PROVIDER_FAILURE_REASONS`.
 */
const REASON_MESSAGES: Readonly<Record<ProviderFailureReason, MessageKey>> = {
  login: 'providerFailedLogin',
  config: 'providerFailedConfig',
  userinfo: 'providerFailedUserinfo',
  expired: 'providerFailedExpired',
  link: 'providerFailedLink',
};

/** What the failed page says about a `link` failure, by its `error`: the account must be linked first, or another email came back. */
const LINK_ERRORS: Readonly<Record<string, MessageKey>> = {
  link_required: 'providerFailedLinkRequired',
  email_mismatch: 'providerFailedLinkEmailMismatch',
};

/**
 * The message of a failure reason; an unknown or missing reason gets the general one. A `link`
 * failure says more by its `error` (`link_required`, `email_mismatch`).
 */
export function providerFailureMessage(reason: string | null | undefined, error?: string | null): MessageKey {
  if (reason === 'link' && error && Object.hasOwn(LINK_ERRORS, error)) return LINK_ERRORS[error]!;
  return reason && Object.hasOwn(REASON_MESSAGES, reason)
    ? REASON_MESSAGES[reason as ProviderFailureReason]
    : 'providerFailedUnknown';
}

/**
 * The title above it: "Sign-in failed" when the person may not sign in,
 * "Account not linked" when linking the signed-in account to the provider did not work, "Sign-in
 * error" when something went wrong on the way.
 */
export function providerFailureTitle(reason: string | null | undefined, error?: string | null): MessageKey {
  if (reason === 'link') return error === 'email_mismatch' ? 'providerLinkFailedTitle' : 'providerSignInFailedTitle';
  return reason === 'login' ? 'providerSignInFailedTitle' : 'providerSignInErrorTitle';
}
