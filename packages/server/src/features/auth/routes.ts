import {
  credentialsSchema,
  loginBody,
  logoutParams,
  preflightBody,
  preflightSchema,
  refreshBody,
} from '@perch/contract';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { deviceLabel } from '../../lib/device.js';
import { findOrganizationByActiveDomain } from '../organizations/repo.js';
import { passwordLogin, updatePasswordAndLogin } from './login.js';
import { buildPreflight, organizationForEmail, singleOrganization } from './preflight.js';
import { refreshSession } from './sessions.js';

const tags = ['auth'];
const open = { public: true };

export async function authRoutes(app: App): Promise<void> {
  const deps = app.deps;

  app.post(
    '/auth/preflight',
    { config: open, schema: { tags, body: preflightBody, response: { 200: preflightSchema } } },
    async (req) => {
      const org = await organizationForEmail(deps, req.body.email);
      if (!org) throw notFound('No organisation found for this email address');
      return buildPreflight(deps, org);
    },
  );

  app.get('/auth/singleorg', { config: open, schema: { tags, response: { 200: preflightSchema } } }, async () => {
    const org = await singleOrganization(deps);
    if (!org) throw notFound('This server hosts more than one organisation');
    return buildPreflight(deps, org);
  });

  app.get(
    '/auth/org/:domain',
    {
      config: open,
      schema: { tags, params: z.object({ domain: z.string().max(300) }), response: { 200: preflightSchema } },
    },
    async (req) => {
      const org = await findOrganizationByActiveDomain(deps.db, req.params.domain);
      if (!org) throw notFound('Unknown domain');
      return buildPreflight(deps, org);
    },
  );

  app.post(
    '/auth/login',
    { config: open, schema: { tags, body: loginBody, response: { 200: credentialsSchema } } },
    (req) =>
      passwordLogin(deps, {
        ...req.body,
        organizationId: req.body.organizationId.toLowerCase(),
        ip: req.ip,
        device: deviceLabel(req.headers['user-agent']),
      }),
  );

  app.post(
    '/auth/updatepw',
    {
      config: open,
      schema: {
        tags,
        body: loginBody.extend({ newPassword: z.string().min(8).max(64) }),
        response: { 200: credentialsSchema },
      },
    },
    (req) =>
      updatePasswordAndLogin(deps, {
        ...req.body,
        organizationId: req.body.organizationId.toLowerCase(),
        ip: req.ip,
        device: deviceLabel(req.headers['user-agent']),
      }),
  );

  app.post(
    '/auth/refresh',
    { config: open, schema: { tags, body: refreshBody, response: { 200: credentialsSchema } } },
    (req) => refreshSession(deps, req.body.refreshToken),
  );

  app.get('/auth/logout/:where', { config: open, schema: { tags, params: logoutParams } }, async (req, reply) => {
    const auth = req.auth;
    if (!auth) throw badRequest('Signing out needs a valid access token');
    const { where } = req.params;
    if (where === 'current') {
      await deps.db.deleteFrom('sessions').where('id', '=', auth.sessionId).execute();
    } else if (where === 'all') {
      await deps.db.deleteFrom('sessions').where('user_id', '=', auth.userId).execute();
    } else if (isUuid(where)) {
      const r = await deps.db
        .deleteFrom('sessions')
        .where('id', '=', where.toLowerCase())
        .where('user_id', '=', auth.userId)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound('Unknown session');
    } else {
      throw badRequest('Sign out "current", "all" or a session id');
    }
    return reply.code(204).send();
  });
}
