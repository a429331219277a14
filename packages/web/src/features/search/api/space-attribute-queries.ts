import { routes } from '@perch/contract/values';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { searchKeys } from './query-keys';

/** The organisation's space attributes (filters and space details). */
export function useSpaceAttributes() {
  const client = useApiClient();
  return useQuery({
    queryKey: searchKeys.spaceAttributes,
    queryFn: () => client.call(routes.spaceAttribute.list),
    staleTime: 5 * 60_000,
  });
}
