import {
  countSchema,
  groupSchema,
  idParams,
  isOrgAdmin,
  isSpaceAdmin,
  passwordBody,
  Role,
  sessionSchema,
  userListSchema,
  userMeSchema,
  userSaveBody,
  userSchema,
} from '@perch/contract';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireAuth, requireRole } from '../../http/permissions.js';
import { listSessions } from '../auth/sessions.js';
import { presentOrganizationStub } from '../organizations/presenter.js';
import { settingEnabled } from '../settings/repo.js';
import { presentUser, presentUserPublic } from './presenter.js';
import { countUsers, deleteUser, findUserByEmail, searchUsers, USER_SORTS } from './repo.js';
import { createUser, manageableUser, setPassword, updateUserAccount } from './service.js';

const tags = ['users'];
const listQuery = z.object({
  q: z.string().max(256).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sort: z.enum(USER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export async function userRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/user/me', { schema: { tags, response: { 200: userMeSchema } } }, async (req) => {
    const { user, organization } = requireAuth(req);
    const host = (req.headers.host ?? '').toLowerCase().split(':')[0];
    return {
      ...presentUser(user, presentOrganizationStub(organization)),
      authProviderId: '',
      isPrimaryDomain: organization.primaryDomain !== '' && host === organization.primaryDomain,
    };
  });

  app.get('/user/session', { schema: { tags, response: { 200: z.array(sessionSchema) } } }, async (req) => {
    const auth = requireAuth(req);
    return listSessions(db, auth.userId, auth.sessionId);
  });

  app.get('/user/count', { schema: { tags, response: { 200: countSchema } } }, async (req) => {
    const auth = requireRole(req, Role.OrgAdmin);
    return { count: await countUsers(db, auth.orgId) };
  });

  app.get(
    '/user/',
    { schema: { tags, querystring: listQuery, response: { 200: userListSchema } } },
    async (req, reply) => {
      const auth = requireRole(req, Role.SpaceAdmin);
      const { rows, total } = await searchUsers(db, auth.orgId, req.query);
      // The number of matches over all pages, for paging clients.
      reply.header('x-total-count', String(total));
      return rows.map((u) => presentUser(u));
    },
  );

  app.get(
    '/user/:id/group',
    { schema: { tags, params: idParams, response: { 200: z.array(groupSchema) } } },
    async (req) => {
      const auth = requireRole(req, Role.OrgAdmin);
      const user = await manageableUser(app.deps, auth, pathId(req.params.id, 'Unknown user'));
      const groups = await db
        .selectFrom('groups')
        .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
        .selectAll('groups')
        .where('user_groups.user_id', '=', user.id)
        .orderBy('groups.name')
        .execute();
      return groups.map((g) => ({ id: g.id, organizationId: g.organization_id, name: g.name, userCount: 0 }));
    },
  );

  app.get(
    '/user/byEmail/:email',
    { schema: { tags, params: z.object({ email: z.string().max(256) }), response: { 200: userSchema } } },
    async (req) => {
      const auth = requireAuth(req);
      const admin = isSpaceAdmin(auth.role);
      if (!admin && !(await settingEnabled(db, auth.orgId, 'show_names'))) throw forbidden();
      const user = await findUserByEmail(db, auth.orgId, req.params.email);
      if (!user || user.id === auth.userId) throw notFound('Unknown user');
      return admin ? presentUser(user) : presentUserPublic(user);
    },
  );

  app.get('/user/:id', { schema: { tags, params: idParams, response: { 200: userSchema } } }, async (req) => {
    const auth = requireRole(req, Role.OrgAdmin);
    return presentUser(await manageableUser(app.deps, auth, pathId(req.params.id)));
  });

  app.post('/user/', { schema: { tags, body: userSaveBody } }, async (req, reply) => {
    const auth = requireRole(req, Role.OrgAdmin);
    const id = await createUser(app.deps, auth, req.body);
    return reply.code(201).header('x-object-id', id).send();
  });

  app.put('/user/:id', { schema: { tags, params: idParams, body: userSaveBody } }, async (req, reply) => {
    const auth = requireRole(req, Role.OrgAdmin);
    await updateUserAccount(app.deps, auth, pathId(req.params.id, 'Unknown user'), req.body);
    return reply.code(204).send();
  });

  app.delete('/user/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const auth = requireRole(req, Role.OrgAdmin);
    const id = pathId(req.params.id, 'Unknown user');
    if (id === auth.userId) throw forbidden('You cannot delete yourself');
    const user = await manageableUser(app.deps, auth, id);
    await deleteUser(db, user.id);
    return reply.code(204).send();
  });

  app.put('/user/:id/password', { schema: { tags, params: idParams, body: passwordBody } }, async (req, reply) => {
    const auth = requireAuth(req);
    const id = req.params.id === 'me' ? auth.userId : pathId(req.params.id, 'Unknown user');
    if (id !== auth.userId && !isOrgAdmin(auth.role)) throw forbidden();
    await setPassword(app.deps, auth, id, req.body.password);
    return reply.code(204).send();
  });
}
