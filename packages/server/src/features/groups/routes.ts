import { ErrorCode, groupSaveBody, groupSchema, idListBody, idParams, Role, userListSchema } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireOrgRole, requireRole } from '../../http/permissions.js';
import { presentUser } from '../users/presenter.js';
import { findGroup, listGroupsWithCounts } from './repo.js';

const tags = ['groups'];

/** A concurrent request took the name between the check and the write. */
function duplicateName(e: unknown): never {
  if (isUniqueViolation(e)) throw conflict('A group with this name already exists', ErrorCode.GroupNameAlreadyExists);
  throw e;
}

export async function groupRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  async function target(req: FastifyRequest, rawId: string, minRole: number) {
    const group = await findGroup(db, pathId(rawId, 'Unknown group'));
    if (!group) throw notFound('Unknown group');
    requireOrgRole(req, group.organization_id, minRole);
    return group;
  }

  async function ensureNameFree(orgId: string, name: string, exceptId?: string) {
    const existing = await db
      .selectFrom('groups')
      .select('id')
      .where('organization_id', '=', orgId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    if (existing && existing.id !== exceptId)
      throw conflict('A group with this name already exists', ErrorCode.GroupNameAlreadyExists);
  }

  /** Checks that every id is a user of the organisation. */
  async function orgUsers(orgId: string, ids: string[]) {
    const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
    if (unique.length === 0) return unique;
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', orgId)
      .where('id', 'in', unique)
      .execute();
    if (found.length !== unique.length) throw badRequest('Some ids are not users of this organisation');
    return unique;
  }

  app.get('/group/', { schema: { tags, response: { 200: z.array(groupSchema) } } }, async (req) => {
    const auth = requireRole(req, Role.SpaceAdmin);
    return (await listGroupsWithCounts(db, auth.orgId)).map((g) => ({
      id: g.id,
      organizationId: g.organization_id,
      name: g.name,
      userCount: g.user_count,
    }));
  });

  app.get('/group/:id', { schema: { tags, params: idParams, response: { 200: groupSchema } } }, async (req) => {
    const g = await target(req, req.params.id, Role.SpaceAdmin);
    return { id: g.id, organizationId: g.organization_id, name: g.name, userCount: 0 };
  });

  app.post('/group/', { schema: { tags, body: groupSaveBody } }, async (req, reply) => {
    const auth = requireRole(req, Role.OrgAdmin);
    await ensureNameFree(auth.orgId, req.body.name);
    const row = await db
      .insertInto('groups')
      .values({ organization_id: auth.orgId, name: req.body.name })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(duplicateName);
    return reply.code(201).header('x-object-id', row.id).send();
  });

  app.put('/group/:id', { schema: { tags, params: idParams, body: groupSaveBody } }, async (req, reply) => {
    const g = await target(req, req.params.id, Role.OrgAdmin);
    await ensureNameFree(g.organization_id, req.body.name, g.id);
    await db.updateTable('groups').set({ name: req.body.name }).where('id', '=', g.id).execute().catch(duplicateName);
    return reply.code(204).send();
  });

  app.delete('/group/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const g = await target(req, req.params.id, Role.OrgAdmin);
    await db.deleteFrom('groups').where('id', '=', g.id).execute();
    return reply.code(204).send();
  });

  app.get(
    '/group/:id/member',
    { schema: { tags, params: idParams, response: { 200: userListSchema } } },
    async (req) => {
      const g = await target(req, req.params.id, Role.OrgAdmin);
      const users = await db
        .selectFrom('users')
        .innerJoin('user_groups', 'user_groups.user_id', 'users.id')
        .selectAll('users')
        .where('user_groups.group_id', '=', g.id)
        .orderBy('users.email')
        .execute();
      return users.map((u) => presentUser(u));
    },
  );

  app.put('/group/:id/member', { schema: { tags, params: idParams, body: idListBody } }, async (req, reply) => {
    const g = await target(req, req.params.id, Role.OrgAdmin);
    const ids = await orgUsers(g.organization_id, req.body);
    if (ids.length)
      await db
        .insertInto('user_groups')
        .values(ids.map((user_id) => ({ group_id: g.id, user_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    return reply.code(204).send();
  });

  app.post('/group/:id/member/remove', { schema: { tags, params: idParams, body: idListBody } }, async (req, reply) => {
    const g = await target(req, req.params.id, Role.OrgAdmin);
    const ids = [...new Set(req.body.map((i) => i.toLowerCase()))];
    if (ids.length)
      await db.deleteFrom('user_groups').where('group_id', '=', g.id).where('user_id', 'in', ids).execute();
    return reply.code(204).send();
  });
}
