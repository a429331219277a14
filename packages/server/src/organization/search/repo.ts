import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { GroupRow, UserRow } from '../../db/schema.js';

/** A LIKE pattern matching text that contains `text`, lower-case, with LIKE's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const like = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern}`;

export type UserHitRow = Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname'>;
export interface LocationHitRow {
  id: string;
  name: string;
  description: string;
}
export interface SpaceHitRow {
  id: string;
  name: string;
  location_id: string;
  location_name: string;
  description: string;
}
export type GroupHitRow = Pick<GroupRow, 'id' | 'name' | 'organization_id'>;

/** The hits of one search; a category not asked for is empty. */
export interface SearchHits {
  users: UserHitRow[];
  locations: LocationHitRow[];
  spaces: SpaceHitRow[];
  groups: GroupHitRow[];
}

/** Users whose email, first or last name matches, by email. */
export async function searchUsers(db: Db, orgId: string, pattern: string, limit: number): Promise<UserHitRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname'])
    .where('organization_id', '=', orgId)
    .where((eb) => eb.or([like('email', pattern), like('firstname', pattern), like('lastname', pattern)]))
    .orderBy('email')
    .limit(limit)
    .execute();
}

/** Areas whose name matches, by name. */
export async function searchLocations(
  db: Db,
  orgId: string,
  pattern: string,
  limit: number,
): Promise<LocationHitRow[]> {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'description'])
    .where('organization_id', '=', orgId)
    .where(like('name', pattern))
    .orderBy('name')
    .limit(limit)
    .execute();
}

/** Spaces whose name matches, by name, with their area. */
export async function searchSpaces(db: Db, orgId: string, pattern: string, limit: number): Promise<SpaceHitRow[]> {
  return db
    .selectFrom('spaces')
    .innerJoin('locations', 'locations.id', 'spaces.location_id')
    .select([
      'spaces.id',
      'spaces.name',
      'locations.id as location_id',
      'locations.name as location_name',
      'locations.description',
    ])
    .where('locations.organization_id', '=', orgId)
    .where(like('spaces.name', pattern))
    .orderBy('spaces.name')
    .limit(limit)
    .execute();
}

/** Groups whose name matches, by name. */
export async function searchGroups(db: Db, orgId: string, pattern: string, limit: number): Promise<GroupHitRow[]> {
  return db
    .selectFrom('groups')
    .select(['id', 'name', 'organization_id'])
    .where('organization_id', '=', orgId)
    .where(like('name', pattern))
    .orderBy('name')
    .limit(limit)
    .execute();
}
