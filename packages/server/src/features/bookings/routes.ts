import {
  approveBody,
  bookingFilterQuery,
  bookingPrecheckBody,
  bookingSaveBody,
  bookingSchema,
  countSchema,
  idParams,
  Role,
} from '@perch/contract';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireAuth, requireOrgRole, requireRole } from '../../http/permissions.js';
import { approveBooking, pendingApprovals } from './approve-booking.js';
import { createBooking } from './create-booking.js';
import { deleteBooking } from './delete-booking.js';
import { bookingsCsv } from './export-csv.js';
import { currentBookings, filteredBookings, myBookings } from './lists.js';
import { precheckBooking } from './precheck.js';
import { findBookingView, presentBooking } from './repo.js';
import { updateBooking } from './update-booking.js';

const tags = ['bookings'];
const list = { 200: z.array(bookingSchema) };
const adminListQuery = z.object({ user: z.string().max(256).optional(), location: z.string().max(64).optional() });

export async function bookingRoutes(app: App): Promise<void> {
  const deps = app.deps;

  app.get('/booking/', { schema: { tags, response: list } }, async (req) =>
    (await myBookings(deps, requireAuth(req))).map(presentBooking),
  );

  app.post('/booking/', { schema: { tags, body: bookingSaveBody } }, async (req, reply) => {
    const id = await createBooking(deps, req, req.body);
    return reply.code(201).header('x-object-id', id).send();
  });

  app.post('/booking/precheck/', { schema: { tags, body: bookingPrecheckBody } }, async (req, reply) => {
    await precheckBooking(deps, req, req.body);
    return reply.code(204).send();
  });

  app.get('/booking/filter/', { schema: { tags, querystring: bookingFilterQuery, response: list } }, async (req) =>
    (await filteredBookings(deps, requireRole(req, Role.SpaceAdmin), req.query)).map(presentBooking),
  );

  app.get(
    '/booking/export/',
    { schema: { tags, querystring: bookingFilterQuery, produces: ['text/csv'] } },
    async (req, reply) => {
      const rows = await filteredBookings(deps, requireRole(req, Role.SpaceAdmin), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bookings.csv"')
        .send(bookingsCsv(rows));
    },
  );

  app.get('/booking/current/', { schema: { tags, querystring: adminListQuery, response: list } }, async (req) =>
    (await currentBookings(deps, requireRole(req, Role.SpaceAdmin), req.query)).map(presentBooking),
  );

  app.get('/booking/pendingapprovals/', { schema: { tags, response: list } }, async (req) =>
    (await pendingApprovals(deps, requireRole(req, Role.SpaceAdmin))).map(presentBooking),
  );

  app.get('/booking/pendingapprovals/count', { schema: { tags, response: { 200: countSchema } } }, async (req) => ({
    count: (await pendingApprovals(deps, requireRole(req, Role.SpaceAdmin))).length,
  }));

  app.get('/booking/:id', { schema: { tags, params: idParams, response: { 200: bookingSchema } } }, async (req) => {
    const b = await findBookingView(deps.db, pathId(req.params.id, 'Unknown booking'));
    if (!b) throw notFound('Unknown booking');
    const auth = requireOrgRole(req, b.organization_id, Role.User);
    if (b.user_id !== auth.userId && auth.role < Role.SpaceAdmin) throw forbidden('This is not your booking');
    return presentBooking(b);
  });

  app.put('/booking/:id', { schema: { tags, params: idParams, body: bookingSaveBody } }, async (req, reply) => {
    await updateBooking(deps, req, pathId(req.params.id, 'Unknown booking'), req.body);
    return reply.code(204).send();
  });

  app.delete('/booking/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteBooking(deps, req, pathId(req.params.id, 'Unknown booking'));
    return reply.code(204).send();
  });

  app.post('/booking/:id/approve', { schema: { tags, params: idParams, body: approveBody } }, async (req, reply) => {
    await approveBooking(deps, req, pathId(req.params.id, 'Unknown booking'), req.body.approved);
    return reply.code(204).send();
  });
}
