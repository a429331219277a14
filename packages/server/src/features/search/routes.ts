import { Role, searchQuery, searchResultSchema, type SearchResult } from '@perch/contract';
import { sql } from 'kysely';
import type { App } from '../../app-context.js';
import { requireRole } from '../../http/permissions.js';
import { presentUserStub } from '../users/presenter.js';

/** GET /search/: the admin header's search over users, areas, spaces and groups. */
export async function searchRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/search/',
    { schema: { tags: ['search'], querystring: searchQuery, response: { 200: searchResultSchema } } },
    async (req) => {
      const auth = requireRole(req, Role.SpaceAdmin);
      const q = req.query;
      const term = `%${q.query
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const want = (flag: string | undefined) => flag === '1';
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${term}`;
      const result: SearchResult = { users: [], locations: [], spaces: [], groups: [] };
      const jobs: Promise<void>[] = [];
      if (want(q.includeUsers))
        jobs.push(
          db
            .selectFrom('users')
            .select(['id', 'email', 'firstname', 'lastname'])
            .where('organization_id', '=', auth.orgId)
            .where((eb) => eb.or([like('email'), like('firstname'), like('lastname')]))
            .orderBy('email')
            .limit(50)
            .execute()
            .then((rows) => void (result.users = rows.map(presentUserStub))),
        );
      if (want(q.includeLocations))
        jobs.push(
          db
            .selectFrom('locations')
            .select(['id', 'name', 'description'])
            .where('organization_id', '=', auth.orgId)
            .where(like('name'))
            .orderBy('name')
            .limit(50)
            .execute()
            .then((rows) => void (result.locations = rows)),
        );
      if (want(q.includeSpaces))
        jobs.push(
          db
            .selectFrom('spaces')
            .innerJoin('locations', 'locations.id', 'spaces.location_id')
            .select([
              'spaces.id',
              'spaces.name',
              'locations.id as location_id',
              'locations.name as location_name',
              'locations.description',
            ])
            .where('locations.organization_id', '=', auth.orgId)
            .where(like('spaces.name'))
            .orderBy('spaces.name')
            .limit(50)
            .execute()
            .then(
              (rows) =>
                void (result.spaces = rows.map((r) => ({
                  id: r.id,
                  name: r.name,
                  ...(want(q.expandLocations)
                    ? { location: { id: r.location_id, name: r.location_name, description: r.description } }
                    : {}),
                }))),
            ),
        );
      if (want(q.includeGroups))
        jobs.push(
          db
            .selectFrom('groups')
            .select(['id', 'name', 'organization_id'])
            .where('organization_id', '=', auth.orgId)
            .where(like('name'))
            .orderBy('name')
            .limit(50)
            .execute()
            .then(
              (rows) =>
                void (result.groups = rows.map((g) => ({ id: g.id, name: g.name, organizationId: g.organization_id }))),
            ),
        );
      await Promise.all(jobs);
      return result;
    },
  );
}
