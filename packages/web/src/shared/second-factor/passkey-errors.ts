import { ApiError } from '@perch/client';
import type { Message, MessageKey } from '../../i18n';
import { CEREMONY_MESSAGES, CeremonyError } from './webauthn';

const MAX_PASSKEY_NAME_LENGTH = 255;

/** What the person is told when adding a passkey did not work. */
export function addPasskeyErrorMessage(
  error: unknown,
  context: { onPrimaryDomain: boolean; primaryDomain: string | undefined },
): Message {
  if (error instanceof CeremonyError) return { key: CEREMONY_MESSAGES[error.failure] };
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 403) {
      if (!context.onPrimaryDomain)
        return context.primaryDomain
          ? { key: 'passkeyOnlyOnPrimaryDomain', values: { domain: context.primaryDomain } }
          : { key: 'passkeyOnlyOnPrimaryDomainUnknown' };
      // A password account on the primary domain is refused only for having the most passkeys allowed.
      return { key: 'passkeyLimitReached' };
    }
    if (error.status === 404) return { key: 'passkeyRegistrationExpired' };
    if (error.status === 429) return { key: 'errorTooManyRequests' };
  }
  return { key: 'passkeyRegisterError' };
}

/** A problem with a passkey name before it is sent, or null. */
export function passkeyNameProblem(name: string): MessageKey | null {
  const trimmed = name.trim();
  if (!trimmed) return 'passkeyNameRequired';
  if (trimmed.length > MAX_PASSKEY_NAME_LENGTH) return 'passkeyNameTooLong';
  if (/[<>&"'\0]/.test(trimmed)) return 'passkeyNameCharacters';
  return null;
}
