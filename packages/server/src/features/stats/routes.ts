import { Role, STATS_PERIODS, statsLoadSchema, statsSchema, statsWeekdaySchema } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { requireRole } from '../../http/permissions.js';
import { readSetting } from '../settings/repo.js';
import { cachedStats } from './cache.js';
import { bookingsByWeekday, organizationStats, spaceLoads } from './service.js';

const tags = ['statistics'];

export async function statsRoutes(app: App): Promise<void> {
  const deps = app.deps;

  /** Space admins of the organisation, unless the statistics are hidden (`hide_stats`). */
  async function statsAuth(req: FastifyRequest) {
    const auth = requireRole(req, Role.SpaceAdmin);
    if ((await readSetting(deps.db, auth.orgId, 'hide_stats')) === '1') throw notFound('Statistics are hidden');
    return auth;
  }

  async function areaOf(orgId: string, location: string | undefined): Promise<string | undefined> {
    if (!location) return undefined;
    if (!isUuid(location)) throw badRequest('Unknown area');
    const l = await deps.db
      .selectFrom('locations')
      .select('id')
      .where('id', '=', location.toLowerCase())
      .where('organization_id', '=', orgId)
      .executeTakeFirst();
    if (!l) throw badRequest('Unknown area');
    return l.id;
  }

  app.get('/stats/', { schema: { tags, response: { 200: statsSchema } } }, async (req) => {
    const auth = await statsAuth(req);
    return cachedStats(deps, auth.orgId, 'summary', (d) => organizationStats(d, auth.orgId));
  });

  app.get(
    '/stats/load',
    {
      schema: {
        tags,
        querystring: z.object({ location: z.string().max(64).optional() }),
        response: { 200: statsLoadSchema },
      },
    },
    async (req) => {
      const auth = await statsAuth(req);
      const location = await areaOf(auth.orgId, req.query.location);
      return cachedStats(deps, auth.orgId, `load:${location ?? 'all'}`, (d) => spaceLoads(d, auth.orgId, location));
    },
  );

  app.get(
    '/stats/weekday',
    {
      schema: {
        tags,
        querystring: z.object({ location: z.string().max(64).optional(), period: z.enum(STATS_PERIODS).optional() }),
        response: { 200: statsWeekdaySchema },
      },
    },
    async (req) => {
      const auth = await statsAuth(req);
      const location = await areaOf(auth.orgId, req.query.location);
      const period = req.query.period;
      return {
        bookingsByWeekday: await cachedStats(deps, auth.orgId, `weekday:${location ?? 'all'}:${period ?? 'all'}`, (d) =>
          bookingsByWeekday(d, auth.orgId, location, period),
        ),
      };
    },
  );
}
