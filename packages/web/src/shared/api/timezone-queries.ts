import { routes } from '@perch/contract/values';
import { sharedKeys } from './query-keys';
import { useApiQuery } from './use-api-query';

/** The time zones a person, an area or the organisation may choose; they do not change while the app runs. */
export function useTimezones() {
  return useApiQuery(sharedKeys.timezones, (client) => client.call(routes.setting.timezones), { staleTime: Infinity });
}
