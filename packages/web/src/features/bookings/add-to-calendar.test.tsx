import { notifications } from '@mantine/notifications';
import type { Booking } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../test-support/render-app';

const booking = (id: string, recurringId = ''): Booking => ({
  id,
  userId: 'u1',
  userEmail: 'ada@example.com',
  userFirstname: 'Ada',
  userLastname: 'Lovelace',
  approved: true,
  recurringId,
  checkedInAt: null,
  releasedAt: null,
  releaseReason: null,
  spaceId: 's1',
  subject: '',
  enter: '2099-09-01T08:30:00+02:00',
  leave: '2099-09-01T17:00:00+02:00',
  space: { id: 's1', locationId: 'a1', name: 'Desk 7', location: { id: 'a1', name: 'Second floor' } },
});

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const ics = (headers: Record<string, string> = {}) =>
  new Response(ICS, { status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8', ...headers } });

/** What the page handed to the browser's downloads: file names and texts. */
let downloads: { name: string; blob: Blob }[] = [];
let blobs: Blob[] = [];

beforeEach(() => {
  downloads = [];
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs[Number(this.href.replace('blob:', '')) - 1]! });
  });
});

afterEach(() => vi.restoreAllMocks());

function openBookings(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({
    ...signedInRoutes(user(), { default_timezone: 'Europe/Berlin' }),
    'GET /location/': () => json([]),
    ...routes,
  });
  storeSession();
  renderApp('/bookings', server);
  return server;
}

describe('my bookings: add to calendar', { timeout: 20_000 }, () => {
  it('downloads a booking as the file the server names', async () => {
    const server = openBookings({
      'GET /booking/': () => json([booking('b1')]),
      'GET /booking/b1/ical': () =>
        ics({ 'content-disposition': 'attachment; filename="seatsurfing-20990901-0830.ics"' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Add to calendar: Desk 7, / }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('seatsurfing-20990901-0830.ics');
    expect(await downloads[0]!.blob.text()).toBe(ICS);
    expect(downloads[0]!.blob.type).toBe('text/calendar;charset=utf-8');
    expect(server.calls.filter((c) => c.path === '/booking/b1/ical')).toHaveLength(1);
  });

  it('names the file after the day when the server gives no name', async () => {
    openBookings({
      'GET /booking/': () => json([booking('b1')]),
      'GET /booking/b1/ical': () => ics(),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Add to calendar: Desk 7, / }));
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['booking-2099-09-01.ics']));
  });

  it('offers the booking or its whole series', async () => {
    const server = openBookings({
      'GET /booking/': () => json([booking('b1', 'r1')]),
      'GET /booking/b1/ical': () => ics(),
      'GET /recurring-booking/r1/ical': () => ics(),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Add to calendar: Desk 7, / }));
    const menu = await screen.findByRole('menu', { hidden: true });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'All bookings of the series', hidden: true }));
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['booking-series-2099-09-01.ics']));
    expect(server.calls.filter((c) => c.path === '/recurring-booking/r1/ical')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /^Add to calendar: Desk 7, / }));
    fireEvent.click(
      within(await screen.findByRole('menu', { hidden: true })).getByRole('menuitem', {
        name: 'This booking',
        hidden: true,
      }),
    );
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(server.calls.filter((c) => c.path === '/booking/b1/ical')).toHaveLength(1);
  });

  it('says when the file could not be fetched', async () => {
    const show = vi.spyOn(notifications, 'show');
    openBookings({
      'GET /booking/': () => json([booking('b1')]),
      'GET /booking/b1/ical': () => json({ message: 'gone' }, 404),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Add to calendar: Desk 7, / }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'The calendar file could not be downloaded.' }),
      ),
    );
    expect(downloads).toEqual([]);
  });
});
