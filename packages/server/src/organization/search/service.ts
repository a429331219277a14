import { Role, type api, type EndpointQuery } from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { containsPattern, searchGroups, searchLocations, searchSpaces, searchUsers, type SearchHits } from './repo.js';

export type SearchInput = EndpointQuery<typeof api.search.find>;

/** Hits per category. */
const LIMIT = 50;

/**
 * The administration header's search (space admins): users, areas, spaces and groups of the
 * caller's organisation whose name contains the text, each category only when asked for
 * (`'1'`), at most 50 of each.
 */
export async function search(deps: AppDeps, auth: AuthContext, input: SearchInput): Promise<SearchHits> {
  requireRole(auth, Role.SpaceAdmin);
  const pattern = containsPattern(input.query);
  const want = (flag: string | undefined) => flag === '1';
  const { db } = deps;
  const orgId = auth.orgId;
  const [users, locations, spaces, groups] = await Promise.all([
    want(input.includeUsers) ? searchUsers(db, orgId, pattern, LIMIT) : [],
    want(input.includeLocations) ? searchLocations(db, orgId, pattern, LIMIT) : [],
    want(input.includeSpaces) ? searchSpaces(db, orgId, pattern, LIMIT) : [],
    want(input.includeGroups) ? searchGroups(db, orgId, pattern, LIMIT) : [],
  ]);
  return { users, locations, spaces, groups };
}
