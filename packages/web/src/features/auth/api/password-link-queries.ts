import { routes } from '@perch/contract/values';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { authKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/**
 * One-time links, the password-reset mail and invitations (public routes). A link's lookup is
 * asked once: a 404 or 410 is the answer, not a hiccup, and the link must not be re-read after it
 * was used.
 */
const LINK_QUERY = { retry: false, staleTime: Infinity, refetchOnReconnect: false } as const;

/** The account a password-reset link is for (404: unknown, expired or used). */
export function usePasswordResetLink(id: string) {
  return useApiQuery(
    authKeys.passwordResetLink(id),
    (client) => client.call(routes.auth.passwordResetLink, { params: { id } }),
    {
      ...LINK_QUERY,
    },
  );
}

/** The account an invitation link is for (410: a password was chosen already; 404: unknown or expired). */
export function useInvitationLink(id: string) {
  return useApiQuery(
    authKeys.invitationLink(id),
    (client) => client.call(routes.auth.invitationLink, { params: { id } }),
    {
      ...LINK_QUERY,
    },
  );
}

export interface PasswordResetRequest {
  organizationId: string;
  email: string;
}

/** Asks for a reset link (or, for an invited account without a password, a new invitation): always 204. */
export function useRequestPasswordReset() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: PasswordResetRequest) => client.call(routes.auth.initPasswordReset, { body }),
  });
}

export type PasswordLinkKind = 'reset' | 'invitation';

/** Sets the password through a reset link (ends every session) or an invitation link. */
export function useSetPasswordByLink(kind: PasswordLinkKind, id: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (password: string) =>
      client.call(kind === 'reset' ? routes.auth.resetPassword : routes.auth.acceptInvitation, {
        params: { id },
        body: { password },
      }),
  });
}
