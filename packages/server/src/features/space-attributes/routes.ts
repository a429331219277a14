import { idParams, Role, spaceAttributeSaveBody, spaceAttributeSchema, type SpaceAttribute } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import type { SpaceAttributeRow } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireAuth, requireOrgRole, requireRole } from '../../http/permissions.js';

const tags = ['space attributes'];

export function presentSpaceAttribute(a: SpaceAttributeRow): SpaceAttribute {
  return {
    id: a.id,
    organizationId: a.organization_id,
    label: a.label,
    type: a.type,
    spaceApplicable: a.space_applicable,
    locationApplicable: a.location_applicable,
  };
}

export async function spaceAttributeRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  async function target(req: FastifyRequest, rawId: string, minRole: number) {
    const a = await db
      .selectFrom('space_attributes')
      .selectAll()
      .where('id', '=', pathId(rawId, 'Unknown attribute'))
      .executeTakeFirst();
    if (!a) throw notFound('Unknown attribute');
    requireOrgRole(req, a.organization_id, minRole);
    return a;
  }

  app.get('/space-attribute/', { schema: { tags, response: { 200: z.array(spaceAttributeSchema) } } }, async (req) => {
    const auth = requireAuth(req);
    const rows = await db
      .selectFrom('space_attributes')
      .selectAll()
      .where('organization_id', '=', auth.orgId)
      .orderBy('label')
      .execute();
    return rows.map(presentSpaceAttribute);
  });

  app.get(
    '/space-attribute/:id',
    { schema: { tags, params: idParams, response: { 200: spaceAttributeSchema } } },
    async (req) => presentSpaceAttribute(await target(req, req.params.id, Role.User)),
  );

  app.post('/space-attribute/', { schema: { tags, body: spaceAttributeSaveBody } }, async (req, reply) => {
    const auth = requireRole(req, Role.SpaceAdmin);
    const b = req.body;
    const row = await db
      .insertInto('space_attributes')
      .values({
        organization_id: auth.orgId,
        label: b.label,
        type: b.type,
        space_applicable: b.spaceApplicable,
        location_applicable: b.locationApplicable,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.code(201).header('x-object-id', row.id).send();
  });

  app.put(
    '/space-attribute/:id',
    { schema: { tags, params: idParams, body: spaceAttributeSaveBody } },
    async (req, reply) => {
      const a = await target(req, req.params.id, Role.SpaceAdmin);
      const b = req.body;
      await db
        .updateTable('space_attributes')
        .set({
          label: b.label,
          type: b.type,
          space_applicable: b.spaceApplicable,
          location_applicable: b.locationApplicable,
        })
        .where('id', '=', a.id)
        .execute();
      return reply.code(204).send();
    },
  );

  app.delete('/space-attribute/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const a = await target(req, req.params.id, Role.SpaceAdmin);
    await db.deleteFrom('space_attributes').where('id', '=', a.id).execute();
    return reply.code(204).send();
  });
}
