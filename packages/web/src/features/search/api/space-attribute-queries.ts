import { routes } from '@perch/contract/values';
import { searchKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/** The organisation's space attributes (filters and space details). */
export function useSpaceAttributes() {
  return useApiQuery(searchKeys.spaceAttributes, (client) => client.call(routes.spaceAttribute.list), {
    staleTime: 5 * 60_000,
  });
}
