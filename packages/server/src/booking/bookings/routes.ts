import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { decideApproval, pendingApprovals, pendingApprovalsCount } from './approve-booking.js';
import { createBooking } from './create-booking.js';
import { cancelBooking } from './delete-booking.js';
import { bookingsCsv } from './export-csv.js';
import { currentBookings, filteredBookings, getBooking, myBookings, myPastBookings } from './lists.js';
import { precheckBooking } from './precheck.js';
import { presenceReport } from './presence.js';
import { presentBooking, presentBookingList } from './presenter.js';
import { changeBooking } from './update-booking.js';

export async function bookingRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.booking;

  route(app, e.list, async ({ auth }) => presentBookingList(await myBookings(deps, auth)));
  route(app, e.history, async ({ auth, query }) => presentBookingList(await myPastBookings(deps, auth, query.days)));
  route(app, e.create, async ({ auth, body }) => ({ id: await createBooking(deps, auth, body) }));
  route(app, e.precheck, ({ auth, body }) => precheckBooking(deps, auth, body));
  route(app, e.filter, async ({ auth, query }) => presentBookingList(await filteredBookings(deps, auth, query)));
  route(app, e.export, async ({ auth, query, header }) => {
    const rows = await filteredBookings(deps, auth, query);
    header('content-disposition', 'attachment; filename="bookings.csv"');
    return bookingsCsv(rows);
  });
  route(app, e.current, async ({ auth, query }) => presentBookingList(await currentBookings(deps, auth, query)));
  route(app, e.pendingApprovals, async ({ auth, query }) =>
    presentBookingList(await pendingApprovals(deps, auth, query)),
  );
  route(app, e.pendingApprovalsCount, async ({ auth }) => ({ count: await pendingApprovalsCount(deps, auth) }));
  route(app, e.presence, ({ auth, query }) => presenceReport(deps, auth, query));
  route(app, e.get, async ({ auth, params }) => presentBooking(await getBooking(deps, auth, params.id)));
  route(app, e.update, ({ auth, params, body }) => changeBooking(deps, auth, { id: params.id, booking: body }));
  route(app, e.delete, ({ auth, params, query }) => cancelBooking(deps, auth, params.id, query.reason));
  route(app, e.approve, ({ auth, params, body }) =>
    decideApproval(deps, auth, { id: params.id, approved: body.approved }),
  );
}
