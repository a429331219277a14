import {
  availabilityQuery,
  bulkResultSchema,
  groupSchema,
  idListBody,
  Role,
  spaceAvailabilitySchema,
  spaceBulkBody,
  spaceSaveBody,
  spaceSchema,
  type SpaceAvailability,
} from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { fromClientTime } from '../../lib/time.js';
import { groupsOfOrg } from '../groups/repo.js';
import { locationFor, locationZone } from '../locations/access.js';
import { parseAttributeQuery } from '../locations/attribute-filter.js';
import { availabilityJson, spaceAvailability, toAvailability } from './availability.js';
import { presentSpace } from './presenter.js';
import { areaSnapshot } from './area-snapshot.js';
import { addGroupLinks, findSpace, spaceLinks, type GroupLinkTable } from './repo.js';
import { applyBulk, checkGroups, createSpace, spaceRefs, updateSpace } from './write.js';

const tags = ['spaces'];
const locParams = z.object({ locationId: z.string().max(64) });
const itemParams = z.object({ locationId: z.string().max(64), id: z.string().max(64) });

export async function spaceRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  async function spaceFor(req: FastifyRequest, locationId: string, id: string, minRole: number) {
    const { auth, location } = await locationFor(app.deps, req, locationId, minRole);
    const space = await findSpace(db, location.id, pathId(id, 'Unknown space'));
    if (!space) throw notFound('Unknown space');
    return { auth, location, space };
  }

  async function availability(
    req: FastifyRequest,
    locationId: string,
    q: z.infer<typeof availabilityQuery>,
    spaceId?: string,
  ) {
    const { auth, location } = await locationFor(app.deps, req, locationId, Role.User);
    const zone = await locationZone(app.deps, location);
    if ((q.enter === undefined) !== (q.leave === undefined)) throw badRequest('Give both enter and leave, or neither');
    let enter = q.enter ? fromClientTime(q.enter, zone) : DateTime.now().setZone(zone).minus({ minutes: 1 });
    let leave = q.leave ? fromClientTime(q.leave, zone) : DateTime.now().setZone(zone).plus({ minutes: 1 });
    if (!enter || !leave) throw badRequest('enter and leave must be RFC 3339 times');
    if (leave < enter) [enter, leave] = [leave, enter];
    return spaceAvailability(
      app.deps,
      auth,
      location,
      { enter, leave, zone },
      parseAttributeQuery(q.attributes),
      spaceId,
    );
  }

  app.get(
    '/location/:locationId/space/',
    { schema: { tags, params: locParams, response: { 200: z.array(spaceSchema) } } },
    async (req) => {
      const { location } = await locationFor(app.deps, req, req.params.locationId, Role.User);
      return (await areaSnapshot(app.deps, location)).spaces;
    },
  );

  app.get(
    '/location/:locationId/space/availability',
    {
      schema: {
        tags,
        params: locParams,
        querystring: availabilityQuery,
        response: { 200: z.array(spaceAvailabilitySchema) },
      },
    },
    async (req, reply) => {
      const entries = await availability(req, req.params.locationId, req.query);
      // Built to the documented shape; large areas skip the schema walk and reuse their spaces' JSON.
      // The text is the documented array; the typed reply only knows the object form.
      const json = availabilityJson(entries) as unknown as SpaceAvailability[];
      return reply.type('application/json').send(json);
    },
  );

  app.post(
    '/location/:locationId/space/bulk',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags, params: locParams, body: spaceBulkBody, response: { 200: bulkResultSchema } },
    },
    async (req) => {
      const { location } = await locationFor(app.deps, req, req.params.locationId, Role.SpaceAdmin);
      return applyBulk(db, location.organization_id, location.id, req.body);
    },
  );

  app.get(
    '/location/:locationId/space/:id',
    { schema: { tags, params: itemParams, response: { 200: spaceSchema } } },
    async (req) => {
      const { space } = await spaceFor(req, req.params.locationId, req.params.id, Role.User);
      return presentSpace(space, await spaceLinks(db, [space.id]));
    },
  );

  app.get(
    '/location/:locationId/space/:id/availability',
    {
      schema: {
        tags,
        params: itemParams,
        querystring: availabilityQuery,
        response: { 200: z.array(spaceAvailabilitySchema) },
      },
    },
    async (req) => {
      const { space } = await spaceFor(req, req.params.locationId, req.params.id, Role.User);
      return (await availability(req, req.params.locationId, req.query, space.id)).map(toAvailability);
    },
  );

  app.post(
    '/location/:locationId/space/',
    { schema: { tags, params: locParams, body: spaceSaveBody } },
    async (req, reply) => {
      const { location } = await locationFor(app.deps, req, req.params.locationId, Role.SpaceAdmin);
      await checkGroups(db, location.organization_id, [req.body]);
      const refs = await spaceRefs(db, location.organization_id);
      const id = await db.transaction().execute((trx) => createSpace(trx, location.id, req.body, refs));
      return reply.code(201).header('x-object-id', id).send();
    },
  );

  app.put(
    '/location/:locationId/space/:id',
    { schema: { tags, params: itemParams, body: spaceSaveBody } },
    async (req, reply) => {
      const { location, space } = await spaceFor(req, req.params.locationId, req.params.id, Role.SpaceAdmin);
      await checkGroups(db, location.organization_id, [req.body]);
      const refs = await spaceRefs(db, location.organization_id);
      await db.transaction().execute((trx) => updateSpace(trx, space.id, req.body, refs));
      return reply.code(204).send();
    },
  );

  app.delete('/location/:locationId/space/:id', { schema: { tags, params: itemParams } }, async (req, reply) => {
    const { space } = await spaceFor(req, req.params.locationId, req.params.id, Role.SpaceAdmin);
    await db.deleteFrom('spaces').where('id', '=', space.id).execute();
    return reply.code(204).send();
  });

  for (const [segment, table] of [
    ['approver', 'space_approvers'],
    ['allowedbooker', 'space_allowed_bookers'],
  ] as const satisfies readonly (readonly [string, GroupLinkTable])[]) {
    app.get(
      `/location/:locationId/space/:id/${segment}`,
      { schema: { tags, params: itemParams, response: { 200: z.array(groupSchema) } } },
      async (req) => {
        const { space } = await spaceFor(req, req.params.locationId, req.params.id, Role.SpaceAdmin);
        const links = await db.selectFrom(table).select('group_id').where('space_id', '=', space.id).execute();
        const groups = links.length
          ? await db
              .selectFrom('groups')
              .selectAll()
              .where(
                'id',
                'in',
                links.map((l) => l.group_id),
              )
              .orderBy('name')
              .execute()
          : [];
        return groups.map((g) => ({ id: g.id, organizationId: g.organization_id, name: g.name, userCount: 0 }));
      },
    );
    app.put(
      `/location/:locationId/space/:id/${segment}`,
      { schema: { tags, params: itemParams, body: idListBody } },
      async (req, reply) => {
        const { location, space } = await spaceFor(req, req.params.locationId, req.params.id, Role.SpaceAdmin);
        const ids = [...new Set(req.body.map((g) => g.toLowerCase()))];
        if ((await groupsOfOrg(db, location.organization_id, ids)).size !== ids.length)
          throw badRequest('Some groups are not groups of this organisation');
        await addGroupLinks(db, table, space.id, ids);
        return reply.code(204).send();
      },
    );
    app.post(
      `/location/:locationId/space/:id/${segment}/remove`,
      { schema: { tags, params: itemParams, body: idListBody } },
      async (req, reply) => {
        const { space } = await spaceFor(req, req.params.locationId, req.params.id, Role.SpaceAdmin);
        const ids = [...new Set(req.body.map((g) => g.toLowerCase()))];
        if (ids.length)
          await db.deleteFrom(table).where('space_id', '=', space.id).where('group_id', 'in', ids).execute();
        return reply.code(204).send();
      },
    );
  }
}
