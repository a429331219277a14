import { notifications } from '@mantine/notifications';
import type { Booking, CheckInDue } from '@perch/contract';
import { ErrorCode } from '@perch/contract/values';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../test-support/render-app';

const MIN = 60_000;
/** An API time in UTC (the organisation's zone in these tests), `minutes` from now. */
const at = (minutes: number) => `${new Date(Date.now() + minutes * MIN).toISOString().slice(0, 19)}+00:00`;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

const booking = (id: string, startsIn: number, extra: Partial<Booking> = {}): Booking => ({
  id,
  userId: 'u1',
  userEmail: 'ada@example.com',
  userFirstname: 'Ada',
  userLastname: 'Lovelace',
  approved: true,
  recurringId: '',
  checkedInAt: null,
  releasedAt: null,
  releaseReason: null,
  spaceId: 's1',
  subject: '',
  enter: at(startsIn),
  leave: at(startsIn + 240),
  space: { id: 's1', locationId: 'a1', name: 'Desk 7', location: { id: 'a1', name: 'Second floor' } },
  ...extra,
});

const due = (bookingId: string, opensIn: number, extra: Partial<CheckInDue> = {}): CheckInDue => ({
  bookingId,
  opensAt: iso(opensIn),
  missedAt: iso(opensIn + 45),
  releases: true,
  scanOnly: false,
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

function openBookings(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({
    ...signedInRoutes(user(), { default_timezone: 'UTC' }),
    'GET /location/': () => json([]),
    ...routes,
  });
  storeSession();
  renderApp('/bookings', server);
  return server;
}

describe('my bookings: check-in', { timeout: 20_000 }, () => {
  it('offers Check in while the window is open, says when the booking is released, and checks in', async () => {
    const show = vi.spyOn(notifications, 'show');
    let checkedIn = false;
    const server = openBookings({
      'GET /booking/': () => json([booking('b1', 10, checkedIn ? { checkedInAt: new Date().toISOString() } : {})]),
      'GET /checkin/': () => json(checkedIn ? [] : [due('b1', -5)]),
      'POST /booking/b1/checkin': () => {
        checkedIn = true;
        return new Response(null, { status: 204 });
      },
    });
    const button = await screen.findByRole('button', { name: /^Check in to Desk 7, / });
    expect(screen.getByText(/^Released at .+ if you don't check in$/)).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'You are checked in.' })));
    expect(server.calls.filter((c) => c.method === 'POST' && c.path === '/booking/b1/checkin')).toHaveLength(1);
    expect(await screen.findByText('Checked in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Check in to / })).toBeNull();
  });

  it('says from when one can check in before the window opens, and what a scan-only space asks for', async () => {
    openBookings({
      'GET /booking/': () => json([booking('b1', 60), booking('b2', 5, { id: 'b2' })]),
      'GET /checkin/': () => json([due('b1', 45), due('b2', -10, { scanOnly: true, releases: false })]),
    });
    expect(await screen.findByText(/^Check in from .+ · Released at .+ if you don't check in$/)).toBeTruthy();
    expect(await screen.findByText('Scan the code at the space to check in')).toBeTruthy();
    expect(screen.getByText(/^Counted as missed at .+ if you don't check in$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Check in to / })).toBeNull();
  });

  it('checks out of a booking in progress', async () => {
    const show = vi.spyOn(notifications, 'show');
    const server = openBookings({
      'GET /booking/': () => json([booking('b1', -30, { checkedInAt: iso(-30) })]),
      'GET /checkin/': () => json([]),
      'POST /booking/b1/checkout': () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Check out of Desk 7, / }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Checked out: the space is free for others.' }),
      ),
    );
    expect(server.calls.filter((c) => c.path === '/booking/b1/checkout')).toHaveLength(1);
  });

  it('says why a check-in was refused', async () => {
    const show = vi.spyOn(notifications, 'show');
    openBookings({
      'GET /booking/': () => json([booking('b1', 10)]),
      'GET /checkin/': () => json([due('b1', -5)]),
      'POST /booking/b1/checkin': () =>
        json({ message: 'released' }, 409, { 'x-error-code': String(ErrorCode.BookingReleased) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Check in to Desk 7, / }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Could not check in',
          message: 'This booking was released.',
        }),
      ),
    );
  });

  it('shows a released booking as released', async () => {
    openBookings({
      'GET /booking/': () => json([booking('b1', -40, { releasedAt: iso(-10), releaseReason: 'no-show' })]),
      'GET /checkin/': () => json([]),
    });
    expect(await screen.findByText('Released')).toBeTruthy();
    expect(screen.getByText(/^Released at .+: nobody checked in$/)).toBeTruthy();
  });

  it("shows a booking its person gave back (I won't come) as released by them", async () => {
    openBookings({
      'GET /booking/': () => json([booking('b1', -30, { releasedAt: iso(-2), releaseReason: 'not-coming' })]),
      'GET /checkin/': () => json([]),
    });
    expect(await screen.findByText('Released')).toBeTruthy();
    expect(screen.getByText(/^Released at .+: you let others have it$/)).toBeTruthy();
  });
});

describe('my bookings: past bookings', { timeout: 20_000 }, () => {
  it('loads the history when opened, with what became of each booking', async () => {
    const server = openBookings({
      'GET /booking/': () => json([]),
      'GET /checkin/': () => json([]),
      'GET /booking/history/': () =>
        json([
          booking('p1', -300, { leave: at(-60), checkedInAt: iso(-295) }),
          booking('p2', -1500, {
            leave: at(-1470),
            releasedAt: iso(-1470),
            releaseReason: 'no-show',
            space: { id: 's2', locationId: 'a1', name: 'Desk 9', location: { id: 'a1', name: 'Second floor' } },
          }),
          booking('p3', -3000, { leave: at(-2900), releasedAt: iso(-2990), releaseReason: 'not-coming' }),
        ]),
    });
    const toggle = await screen.findByRole('button', { name: 'Past bookings' });
    expect(server.calls.some((c) => c.path === '/booking/history/')).toBe(false);
    fireEvent.click(toggle);
    const list = await screen.findByRole('list', { name: 'Past bookings' });
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/Desk 7, Second floor.*Checked in/);
    expect(items[1]).toMatch(/Desk 9, Second floor.*Released.*Released at .+: nobody checked in/);
    expect(items[2]).toMatch(/Released at .+: you let others have it/);
  });

  it('says when nothing ended in the last 30 days', async () => {
    openBookings({
      'GET /booking/': () => json([]),
      'GET /checkin/': () => json([]),
      'GET /booking/history/': () => json([]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Past bookings' }));
    expect(await screen.findByText('No booking of yours ended in the last 30 days.')).toBeTruthy();
  });
});
