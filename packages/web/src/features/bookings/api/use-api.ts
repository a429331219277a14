import type { PerchClient } from '@perch/client';
import { useSession } from '../../../app/session/session-context';

/** The signed-in API client. */
export function useApi(): PerchClient {
  return useSession().api.client;
}
