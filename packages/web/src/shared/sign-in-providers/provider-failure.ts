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
};

/** The message of a failure reason; an unknown or missing reason gets the general one. */
export function providerFailureMessage(reason: string | null | undefined): MessageKey {
  return reason && Object.hasOwn(REASON_MESSAGES, reason)
    ? REASON_MESSAGES[reason as ProviderFailureReason]
    : 'providerFailedUnknown';
}

/**
 * The title above it: "Sign-in failed" when the person may not sign in (SPEC §8 "login failed"),
 * "Sign-in error" when something went wrong on the way.
 */
export function providerFailureTitle(reason: string | null | undefined): MessageKey {
  return reason === 'login' ? 'providerSignInFailedTitle' : 'providerSignInErrorTitle';
}
