import { path, Routes } from '@perch/contract';
import type { Session } from '@perch/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../app/session/session-context';
import { bookingKeys } from '../bookings/api/booking-query-keys';
import { useApi } from '../bookings/api/use-api';

/**
 * Saves preferences in one call (the server applies all or none), then reloads the session so
 * every screen uses the new values at once.
 */
export function useSavePreferences() {
  const client = useApi();
  const { completeSignIn } = useSession();
  return useMutation({
    mutationFn: async (changes: { name: string; value: string }[]) => {
      await client.put(Routes.preference.list, changes);
      await completeSignIn();
    },
  });
}

export function useTimezones() {
  const client = useApi();
  return useQuery({
    queryKey: bookingKeys.timezones,
    queryFn: () => client.get<string[]>(Routes.setting.timezones),
    staleTime: Infinity,
  });
}

export function useSessions() {
  const client = useApi();
  return useQuery({ queryKey: bookingKeys.sessions, queryFn: () => client.get<Session[]>(Routes.user.session) });
}

export function useRevokeSession() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.get(path(Routes.auth.logout, { where: id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.sessions }),
  });
}

export function useChangePassword() {
  const client = useApi();
  return useMutation({
    mutationFn: (password: string) => client.put(path(Routes.user.password, { id: 'me' }), { password }),
  });
}
