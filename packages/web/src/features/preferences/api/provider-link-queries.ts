import { ApiError } from '@perch/client';
import { routes } from '@perch/contract/values';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { preferenceKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/**
 * The organisation's sign-in providers (the list the sign-in page shows). An organisation the
 * server does not know (404) has none; `enabled` false asks nothing (super admins may not link).
 */
export function useOrganisationProviders(organizationId: string, enabled: boolean) {
  return useApiQuery(
    preferenceKeys.providers(organizationId),
    async (client) => {
      try {
        return await client.call(routes.authProvider.byOrganization, { params: { orgId: organizationId } });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return [];
        throw e;
      }
    },
    {
      enabled,
    },
  );
}

/** Starts linking the signed-in account to a provider: answers the provider's sign-in page to go to. */
export function useStartProviderLink() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (providerId: string) =>
      (await client.call(routes.authProvider.link, { params: { id: providerId } })).url,
  });
}
