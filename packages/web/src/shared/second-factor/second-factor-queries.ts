import { preflight } from '@perch/client';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../app/session/session-context';
import { useApiClient } from '../api/use-api-client';
import { createPasskey, credentialBody } from './webauthn';
import { useApiQuery } from '../api/use-api-query';
import { useApiMutation } from '../api/use-api-mutation';

/** TanStack Query keys of the second factors. */
export const secondFactorKeys = {
  passkeys: ['user', 'passkeys'] as const,
  recoveryCodeCount: ['user', 'totp', 'recoveryCodeCount'] as const,
  totpSetup: ['user', 'totp', 'setup'] as const,
  totpSecret: (stateId: string) => ['user', 'totp', 'secret', stateId] as const,
  primaryDomain: (email: string) => ['primaryDomain', email] as const,
};

/**
 * Reloads the signed-in user after a second factor changed, so `totpEnabled` and `hasPasskeys`
 * (and with them the enforcement screen) follow at once. A failed reload changes nothing visible.
 */
export function useReloadSession(): () => Promise<void> {
  const { completeSignIn } = useSession();
  return useCallback(async () => {
    try {
      await completeSignIn();
    } catch {
      // The next page load reads the user again.
    }
  }, [completeSignIn]);
}

/** The signed-in user's passkeys. */
export function usePasskeys() {
  return useApiQuery(secondFactorKeys.passkeys, (client) => client.call(routes.passkey.list));
}

/** How many unused recovery codes are left (only asked while TOTP is on). */
export function useRecoveryCodeCount(enabled: boolean) {
  return useApiQuery(secondFactorKeys.recoveryCodeCount, (client) => client.call(routes.totp.recoveryCodeCount), {
    enabled,
  });
}

/**
 * A new TOTP secret as a QR code. Every request starts a new setup (valid 5 minutes), so it is
 * asked once per enrolment screen and never refetched behind the person's back.
 */
export function useTotpSetup() {
  return useApiQuery(secondFactorKeys.totpSetup, (client) => client.call(routes.totp.generate), {
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The secret of a setup as text, for typing into an app (the server allows 5 reads). */
export function useTotpSecret(stateId: string | undefined, enabled: boolean) {
  return useApiQuery(
    secondFactorKeys.totpSecret(stateId ?? ''),
    (client) => client.call(routes.totp.secret, { params: { id: stateId ?? '' } }),
    {
      enabled: enabled && Boolean(stateId),
      staleTime: Infinity,
      retry: false,
    },
  );
}

/** Confirms a setup with the first code from the app: TOTP is on afterwards. */
export function useConfirmTotp() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: { stateId: string; code: string }) => client.call(routes.totp.validate, { body }),
  });
}

/** A new set of recovery codes, shown once; the previous set stops working. */
export function useNewRecoveryCodes() {
  return useApiMutation(
    (client) => client.call(routes.totp.newRecoveryCodes),
    (queryClient) => queryClient.invalidateQueries({ queryKey: secondFactorKeys.recoveryCodeCount }),
  );
}

export function useDisableTotp() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: () => client.call(routes.totp.disable),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: secondFactorKeys.recoveryCodeCount });
      await reload();
    },
  });
}

/**
 * Registers a passkey: the server's creation options, the authenticator, then the server again.
 * A ceremony that did not complete throws a `CeremonyError`, the server's refusals an `ApiError`.
 */
export function useAddPasskey() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: async (name: string) => {
      const { stateId, challenge } = await client.call(routes.passkey.registrationBegin);
      const credential = await createPasskey(challenge);
      return client.call(routes.passkey.registrationFinish, {
        body: { stateId, name, credential: credentialBody(credential) },
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: secondFactorKeys.passkeys });
      await reload();
    },
  });
}

export function useRenamePasskey() {
  return useApiMutation(
    (client, { id, name }: { id: string; name: string }) =>
      client.call(routes.passkey.rename, { params: { id }, body: { name } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: secondFactorKeys.passkeys }),
  );
}

export function useDeletePasskey() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.passkey.delete, { params: { id } }),
    onSuccess: () => reload(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.passkeys }),
  });
}

/**
 * The organisation's primary domain, where passkeys are registered (the relying party). `/user/me`
 * only says whether this page is on it; the sign-in look-up by the user's address names it.
 */
export function usePrimaryDomain(email: string, enabled: boolean) {
  return useApiQuery(secondFactorKeys.primaryDomain(email), async (client) => (await preflight(client, email)).domain, {
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
