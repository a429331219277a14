import type { SearchResult } from '@perch/contract';
import { presentUserStub } from '../../identity/accounts/index.js';
import type { SearchHits } from './repo.js';

/** The search answer; spaces carry their area only when `expandLocations` was asked for. */
export function presentSearchResult(hits: SearchHits, expandLocations: boolean): SearchResult {
  return {
    users: hits.users.map(presentUserStub),
    locations: hits.locations.map((l) => ({ id: l.id, name: l.name, description: l.description })),
    spaces: hits.spaces.map((s) => ({
      id: s.id,
      name: s.name,
      ...(expandLocations
        ? { location: { id: s.location_id, name: s.location_name, description: s.description } }
        : {}),
    })),
    groups: hits.groups.map((g) => ({ id: g.id, name: g.name, organizationId: g.organization_id })),
  };
}
