import {
  attributeValueSchema,
  idParams,
  locationSaveBody,
  locationSchema,
  locationSearchBody,
  mapSchema,
  Role,
  type LocationSave,
} from '@perch/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireAuth, requireRole } from '../../http/permissions.js';
import { groupsOfOrg } from '../groups/repo.js';
import { isTimezone } from '../settings/timezones.js';
import { locationFor } from './access.js';
import { readMap, storeMap } from './map.js';
import { presentLocation } from './presenter.js';
import {
  allowedBookersOf,
  insertLocation,
  listLocations,
  locationAttributeValues,
  setLocationAttribute,
  spaceCounts,
  updateLocation,
} from './repo.js';
import { createSampleArea } from './sample-data.js';
import { searchLocations } from './search.js';

const tags = ['areas'];
const attrParams = z.object({ id: z.string().max(64), attributeId: z.string().max(64) });

export async function locationRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  async function checkBody(orgId: string, body: LocationSave): Promise<void> {
    if (body.timezone && !isTimezone(body.timezone)) throw badRequest('Unknown time zone');
    const groups = await groupsOfOrg(db, orgId, body.allowedBookerGroupIds);
    if (groups.size !== new Set(body.allowedBookerGroupIds.map((g) => g.toLowerCase())).size)
      throw badRequest('Some allowed-booker groups are not groups of this organisation');
  }

  app.get('/location/', { schema: { tags, response: { 200: z.array(locationSchema) } } }, async (req) => {
    const auth = requireAuth(req);
    const rows = await listLocations(db, auth.orgId);
    const ids = rows.map((r) => r.id);
    const [bookers, counts] = await Promise.all([allowedBookersOf(db, ids), spaceCounts(db, ids)]);
    return rows.map((r) => ({ ...presentLocation(r, bookers.get(r.id)), spaceCount: counts.get(r.id) ?? 0 }));
  });

  app.post(
    '/location/search',
    { schema: { tags, body: locationSearchBody, response: { 200: z.array(locationSchema) } } },
    async (req) => searchLocations(app.deps, requireAuth(req), req.body),
  );

  app.post('/location/loadsampledata', { schema: { tags } }, async (req, reply) => {
    const auth = requireRole(req, Role.OrgAdmin);
    if ((await listLocations(db, auth.orgId)).length > 0) throw conflict('This organisation already has areas');
    await db.transaction().execute((trx) => createSampleArea(trx, auth.orgId));
    return reply.code(200).send();
  });

  app.get('/location/:id', { schema: { tags, params: idParams, response: { 200: locationSchema } } }, async (req) => {
    const { location } = await locationFor(app.deps, req, req.params.id, Role.User);
    return presentLocation(location, (await allowedBookersOf(db, [location.id])).get(location.id));
  });

  app.post('/location/', { schema: { tags, body: locationSaveBody } }, async (req, reply) => {
    const auth = requireRole(req, Role.SpaceAdmin);
    await checkBody(auth.orgId, req.body);
    const id = await db.transaction().execute((trx) => insertLocation(trx, auth.orgId, req.body));
    return reply.code(201).header('x-object-id', id).send();
  });

  app.put('/location/:id', { schema: { tags, params: idParams, body: locationSaveBody } }, async (req, reply) => {
    const { location } = await locationFor(app.deps, req, req.params.id, Role.SpaceAdmin);
    await checkBody(location.organization_id, req.body);
    await db.transaction().execute((trx) => updateLocation(trx, location.id, req.body));
    return reply.code(204).send();
  });

  app.delete('/location/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const { location } = await locationFor(app.deps, req, req.params.id, Role.SpaceAdmin);
    await db.deleteFrom('locations').where('id', '=', location.id).execute();
    return reply.code(204).send();
  });

  app.get('/location/:id/map', { schema: { tags, params: idParams, response: { 200: mapSchema } } }, async (req) => {
    const { location } = await locationFor(app.deps, req, req.params.id, Role.User);
    return readMap(db, location);
  });

  // The upload is the raw image (any content type), up to MAP_MAX_MB.
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/location/:id/map',
      { bodyLimit: app.deps.config.MAP_MAX_MB * 1024 * 1024, schema: { tags, params: idParams } },
      async (req, reply) => {
        const { location } = await locationFor(app.deps, req, req.params.id, Role.SpaceAdmin);
        if (!Buffer.isBuffer(req.body) || req.body.length === 0)
          throw badRequest('Send the image file as the request body');
        await db.transaction().execute((trx) => storeMap(trx, location.id, req.body as Buffer));
        return reply.code(204).send();
      },
    );
  });

  app.get(
    '/location/:id/attribute',
    { schema: { tags, params: idParams, response: { 200: z.array(attributeValueSchema) } } },
    async (req) => {
      const { location } = await locationFor(app.deps, req, req.params.id, Role.User);
      const values = (await locationAttributeValues(db, [location.id])).get(location.id) ?? new Map();
      return [...values].map(([attributeId, value]) => ({ attributeId, value }));
    },
  );

  app.post(
    '/location/:id/attribute/:attributeId',
    { schema: { tags, params: attrParams, body: z.object({ value: z.string().max(256) }) } },
    async (req, reply) => {
      const { location } = await locationFor(app.deps, req, req.params.id, Role.SpaceAdmin);
      const attr = await db
        .selectFrom('space_attributes')
        .selectAll()
        .where('id', '=', pathId(req.params.attributeId, 'Unknown attribute'))
        .where('organization_id', '=', location.organization_id)
        .executeTakeFirst();
      if (!attr) throw notFound('Unknown attribute');
      if (!attr.location_applicable) throw badRequest('This attribute does not apply to areas');
      await setLocationAttribute(db, location.id, { attributeId: attr.id, value: req.body.value });
      return reply.code(204).send();
    },
  );

  app.delete('/location/:id/attribute/:attributeId', { schema: { tags, params: attrParams } }, async (req, reply) => {
    const { location } = await locationFor(app.deps, req, req.params.id, Role.SpaceAdmin);
    await db
      .deleteFrom('location_attribute_values')
      .where('location_id', '=', location.id)
      .where('attribute_id', '=', pathId(req.params.attributeId, 'Unknown attribute'))
      .execute();
    return reply.code(204).send();
  });
}
