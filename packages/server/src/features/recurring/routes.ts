import { idParams, precheckResultSchema, recurringBookingBody, recurringBookingSchema, Role } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireOrgRole } from '../../http/permissions.js';
import { toClientTime } from '../../lib/time.js';
import { removeBookings } from '../bookings/delete-booking.js';
import { loadSpaceFacts } from '../bookings/facts.js';
import { createSeries, precheckSeries } from './series.js';

const tags = ['recurring bookings'];

export async function recurringRoutes(app: App): Promise<void> {
  const deps = app.deps;

  /** A series the caller owns, or one in an organisation the caller is space admin of. */
  async function seriesFor(req: FastifyRequest, rawId: string) {
    const series = await deps.db
      .selectFrom('recurring_bookings')
      .selectAll()
      .where('id', '=', pathId(rawId, 'Unknown series'))
      .executeTakeFirst();
    if (!series) throw notFound('Unknown series');
    const space = await loadSpaceFacts(deps.prepared, series.space_id);
    if (!space) throw notFound('Unknown series');
    const auth = requireOrgRole(req, space.organizationId, Role.User);
    if (series.user_id !== auth.userId && auth.role < Role.SpaceAdmin) throw forbidden('This is not your series');
    return { series, space };
  }

  app.post(
    '/recurring-booking/precheck',
    { schema: { tags, body: recurringBookingBody, response: { 200: z.array(precheckResultSchema) } } },
    (req) => precheckSeries(deps, req, req.body),
  );

  app.post(
    '/recurring-booking/',
    { schema: { tags, body: recurringBookingBody, response: { 201: z.array(precheckResultSchema) } } },
    async (req, reply) => {
      const { id, results } = await createSeries(deps, req, req.body);
      return reply.code(201).header('x-object-id', id).send(results);
    },
  );

  app.get(
    '/recurring-booking/:id',
    { schema: { tags, params: idParams, response: { 200: recurringBookingSchema } } },
    async (req) => {
      const { series: r, space } = await seriesFor(req, req.params.id);
      return {
        id: r.id,
        userId: r.user_id,
        spaceId: r.space_id,
        subject: r.subject,
        enter: toClientTime(r.enter_at, space.zone),
        leave: toClientTime(r.leave_at, space.zone),
        end: toClientTime(r.end_at, space.zone),
        cadence: r.cadence,
        cycle: r.cycle,
        weekdays: r.weekdays.map(Number),
      };
    },
  );

  app.delete('/recurring-booking/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const { series } = await seriesFor(req, req.params.id);
    await deps.db.transaction().execute(async (trx) => {
      // Future occurrences go; past ones stay as single bookings.
      const future = await trx
        .selectFrom('bookings')
        .select('id')
        .where('recurring_id', '=', series.id)
        .where('enter_at', '>', new Date())
        .execute();
      await removeBookings(
        trx,
        future.map((f) => f.id),
      );
      await trx.updateTable('bookings').set({ recurring_id: null }).where('recurring_id', '=', series.id).execute();
      await trx.deleteFrom('recurring_bookings').where('id', '=', series.id).execute();
    });
    return reply.code(204).send();
  });
}
