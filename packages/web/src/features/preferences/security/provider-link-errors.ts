import { ApiError } from '@perch/client';
import { apiErrorMessage } from '../../../app/api-error-message';
import type { Message } from '../../../i18n';

/**
 * Why linking the account to a provider could not start (`POST /auth-provider/:id/link`): the
 * account may not sign in through providers (403: a role the provider may not sign in, a service
 * account), it already signs in through one or the provider is unusable (400), the provider is gone.
 */
export function providerLinkErrorMessage(error: unknown): Message {
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 403) return { key: 'providerLinkForbidden' };
    if (error.status === 400) return { key: 'providerLinkRefused' };
    if (error.status === 404) return { key: 'providerLinkGone' };
  }
  return apiErrorMessage(error);
}
