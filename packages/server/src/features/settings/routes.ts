import { Role, settingListSchema, settingValueBody } from '@perch/contract';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { requireAuth, requireRole } from '../../http/permissions.js';
import { getSetting, listSettings, putSettings } from './service.js';
import { TIMEZONES } from './timezones.js';

const nameParams = z.object({ name: z.string().max(64) });

export async function settingRoutes(app: App): Promise<void> {
  app.get('/setting/', { schema: { tags: ['settings'], response: { 200: settingListSchema } } }, (req) =>
    listSettings(app.deps, requireAuth(req)),
  );

  app.get(
    '/setting/timezones',
    { schema: { tags: ['settings'], response: { 200: z.array(z.string()) } } },
    async (req) => {
      requireAuth(req);
      return [...TIMEZONES];
    },
  );

  app.get(
    '/setting/:name',
    { schema: { tags: ['settings'], params: nameParams, response: { 200: z.string() } } },
    async (req, reply) => {
      const value = await getSetting(app.deps, requireAuth(req), req.params.name);
      return reply.type('application/json').send(JSON.stringify(value));
    },
  );

  app.put('/setting/', { schema: { tags: ['settings'], body: settingListSchema } }, async (req, reply) => {
    const auth = requireRole(req, Role.OrgAdmin);
    await putSettings(app.deps, auth, req.body);
    return reply.code(204).send();
  });

  app.put(
    '/setting/:name',
    { schema: { tags: ['settings'], params: nameParams, body: settingValueBody } },
    async (req, reply) => {
      const auth = requireRole(req, Role.OrgAdmin);
      await putSettings(app.deps, auth, [{ name: req.params.name, value: req.body.value }]);
      return reply.code(204).send();
    },
  );
}
