import { preferenceListSchema, preferenceValueBody } from '@perch/contract';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { requireAuth } from '../../http/permissions.js';
import { getPreference, listPreferences, putPreferences } from './service.js';

const nameParams = z.object({ name: z.string().max(64) });

export async function preferenceRoutes(app: App): Promise<void> {
  app.get('/preference/', { schema: { tags: ['preferences'], response: { 200: preferenceListSchema } } }, (req) =>
    listPreferences(app.deps, requireAuth(req)),
  );

  app.get('/preference/:name', { schema: { tags: ['preferences'], params: nameParams } }, async (req, reply) => {
    const value = await getPreference(app.deps, requireAuth(req), req.params.name);
    return reply.type('application/json').send(JSON.stringify(value));
  });

  app.put(
    '/preference/',
    { schema: { tags: ['preferences'], body: preferenceListSchema.max(100) } },
    async (req, reply) => {
      await putPreferences(app.deps, requireAuth(req), req.body, 512);
      return reply.code(204).send();
    },
  );

  app.put(
    '/preference/:name',
    { schema: { tags: ['preferences'], params: nameParams, body: preferenceValueBody } },
    async (req, reply) => {
      await putPreferences(app.deps, requireAuth(req), [{ name: req.params.name, value: req.body.value }], 256);
      return reply.code(204).send();
    },
  );
}
