import type { PerchClient } from '@perch/client';
import { useSession } from '../../app/session/session-context';

/** The signed-in API client; every query hook calls routes through it (`client.call(routes.…)`). */
export function useApiClient(): PerchClient {
  return useSession().api.client;
}
