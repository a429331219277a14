import type { Stats } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';
import { area } from '../test-support/admin-fixtures';

const spaceAdmin = user({ role: 10, spaceAdmin: true });
const loads = {
  spaceLoadToday: 10,
  spaceLoadYesterday: 0,
  spaceLoadThisWeek: 42,
  spaceLoadLastWeek: 21,
  spaceLoadNextWeek: 5,
  spaceLoadLastMonth: 130,
};
const STATS: Stats = {
  numUsers: 12,
  numBookings: 30,
  numLocations: 1,
  numSpaces: 17,
  numBookingsCurrent: 2,
  numBookingsToday: 4,
  numBookingsYesterday: 3,
  numBookingsThisWeek: 9,
  numBookingsLastWeek: 6,
  bookingsByWeekday: [0, 5, 6, 7, 8, 4, 0],
  ...loads,
};

describe('statistics dashboard', { timeout: 15_000 }, () => {
  it('shows the counts, the weekday chart as a table for screen readers and the load per area', async () => {
    storeSession();
    renderApp(
      '/admin/dashboard',
      fakeServer({
        ...signedInRoutes(spaceAdmin, { target_utilization_hours_per_week: '40' }),
        'GET /stats/': () => json(STATS),
        'GET /stats/weekday': () => json({ bookingsByWeekday: STATS.bookingsByWeekday }),
        'GET /stats/load': () => json({ ...loads, spaceLoadThisWeek: 55 }),
        'GET /location/': () => json([area({ name: 'Third floor' })]),
      }),
    );
    const users = await screen.findByText('Users', undefined, { timeout: 5000 });
    expect(users.closest('li')?.textContent).toContain('12');
    const weekdays = screen.getByRole('region', { name: 'Bookings per weekday' });
    expect(await within(weekdays).findByRole('row', { name: 'Monday 5' })).toBeTruthy();
    expect(within(weekdays).getByRole('row', { name: 'Sunday 0' })).toBeTruthy();
    const perArea = screen.getByRole('region', { name: 'Utilisation per area' });
    expect((await within(perArea).findByText('Third floor')).closest('li')?.textContent).toContain('55');
    const weeks = screen.getByRole('region', { name: 'This week compared with last week' });
    expect(within(weeks).getByText('+50% compared with last week')).toBeTruthy();
    // The target, read from the settings as text, is a number of hours.
    const utilisation = screen.getByRole('region', { name: 'Utilisation' });
    expect(
      within(utilisation).getByText('Booked time compared with 40 hours per space and week (100 %).'),
    ).toBeTruthy();
  });

  it('shows check-in per area where the organisation uses check-in, and only there', async () => {
    storeSession();
    const floor = area({ name: 'Third floor' });
    const routes = (checkinMode: string) => ({
      ...signedInRoutes(spaceAdmin, { checkin_mode: checkinMode }),
      'GET /stats/': () => json(STATS),
      'GET /stats/weekday': () => json({ bookingsByWeekday: STATS.bookingsByWeekday }),
      'GET /stats/load': () => json(loads),
      'GET /location/': () => json([floor]),
      'GET /stats/checkin': () =>
        json({ areas: [{ locationId: floor.id, bookings: 10, checkedIn: 6, released: 2, rebooked: 1 }] }),
    });
    const server = fakeServer(routes('1'));
    const view = renderApp('/admin/dashboard', server);
    const card = await screen.findByRole('region', { name: 'Check-in' }, { timeout: 5000 });
    expect((await within(card).findByText('Third floor')).closest('li')?.textContent).toContain('75');
    expect(within(card).getByText('Checked in: 6 · released: 2 · booked again after release: 1')).toBeTruthy();
    view.unmount();

    renderApp('/admin/dashboard', fakeServer(routes('0')));
    await screen.findByRole('region', { name: 'Utilisation per area' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Check-in' })).toBeNull();
  });

  it('shows the check-in rate per day, narrows to an area and downloads the figures per day as CSV', async () => {
    storeSession();
    const floor = area({ name: 'Third floor' });
    const day = (date: string, checkedIn: number, noShows: number, released: number, rebooked = 0) => ({
      date,
      locationId: floor.id,
      bookings: checkedIn + released + 1,
      checkedIn,
      noShows,
      released,
      rebooked,
    });
    const asked: URLSearchParams[] = [];
    const downloads: URLSearchParams[] = [];
    const server = fakeServer({
      ...signedInRoutes(spaceAdmin, { checkin_mode: '1' }),
      'GET /stats/': () => json(STATS),
      'GET /stats/weekday': () => json({ bookingsByWeekday: STATS.bookingsByWeekday }),
      'GET /stats/load': () => json(loads),
      'GET /location/': () => json([floor]),
      'GET /stats/checkin': () => json({ areas: [] }),
      'GET /stats/checkin/days': () =>
        json({ days: [day('2030-09-02', 6, 2, 2, 1), day('2030-09-03', 0, 0, 0), day('2030-09-04', 1, 0, 1)] }),
      'GET /stats/checkin/days.csv': () =>
        new Response('date,area_id\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="check-in-2030-09-02-2030-09-04.csv"',
          },
        }),
    });
    const original = server.fetch;
    server.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/stats/checkin/days') asked.push(url.searchParams);
      if (url.pathname === '/stats/checkin/days.csv') downloads.push(url.searchParams);
      return original(input, init);
    };
    renderApp('/admin/dashboard', server);
    const card = await screen.findByRole('region', { name: 'Check-in per day' }, { timeout: 5000 });
    // The last 30 days by default, all areas.
    await waitFor(() => expect(asked).toHaveLength(1));
    const first = asked[0]!;
    expect((Date.parse(first.get('to')!) - Date.parse(first.get('from')!)) / 86_400_000).toBe(29);
    expect(first.get('locationId')).toBeNull();
    expect(within(card).getByText('Up to 92 days at a time.')).toBeTruthy();

    fireEvent.change(within(card).getByLabelText(/^From/), { target: { value: '2030-09-02' } });
    fireEvent.change(within(card).getByLabelText(/^To/), { target: { value: '2030-09-04' } });
    await waitFor(() => expect(asked.at(-1)?.get('to')).toBe('2030-09-04'));
    expect(asked.at(-1)?.get('from')).toBe('2030-09-02');
    // The drawing is hidden from screen readers; its table reads each day with its rate.
    expect(await within(card).findByRole('row', { name: 'Mon, 2030-09-02 75%' })).toBeTruthy();
    expect(within(card).getByRole('row', { name: 'Tue, 2030-09-03 No check-ins or releases' })).toBeTruthy();
    expect(within(card).getByRole('row', { name: 'Wed, 2030-09-04 50%' })).toBeTruthy();
    expect(
      within(card).getByText('Checked in: 7 · no-shows: 2 · released: 3 · booked again after release: 1'),
    ).toBeTruthy();

    const areaField = within(card).getByRole('textbox', { name: 'Area' });
    fireEvent.click(areaField);
    const options = await waitFor(() => {
      const list = document.getElementById(areaField.getAttribute('aria-controls') ?? '');
      expect(list).toBeTruthy();
      return list!;
    });
    fireEvent.click(within(options).getByRole('option', { name: 'Third floor', hidden: true }));
    await waitFor(() => expect(asked.at(-1)?.get('locationId')).toBe(floor.id));

    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let fileName = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(downloads[0]!)).toEqual({ from: '2030-09-02', to: '2030-09-04', locationId: floor.id });
    expect(fileName).toBe('check-in-2030-09-02-2030-09-04.csv');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('explains that the statistics are hidden (404 from the server)', async () => {
    storeSession();
    renderApp(
      '/admin/dashboard',
      fakeServer({ ...signedInRoutes(spaceAdmin), 'GET /stats/': () => json({ message: 'hidden' }, 404) }),
    );
    expect(await screen.findByRole('heading', { name: 'Statistics are hidden' }, { timeout: 5000 })).toBeTruthy();
  });

  it('has a designed empty state before the first booking', async () => {
    storeSession();
    renderApp(
      '/admin/dashboard',
      fakeServer({
        ...signedInRoutes(spaceAdmin),
        'GET /stats/': () => json({ ...STATS, numBookings: 0 }),
        'GET /location/': () => json([]),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No bookings yet' }, { timeout: 5000 })).toBeTruthy();
  });

  it('downloads the bookings of the chosen days as CSV', async () => {
    storeSession();
    const requested: string[] = [];
    const server = fakeServer({
      ...signedInRoutes(spaceAdmin),
      'GET /stats/': () => json(STATS),
      'GET /stats/weekday': () => json({ bookingsByWeekday: STATS.bookingsByWeekday }),
      'GET /location/': () => json([]),
      'GET /booking/export/': () =>
        new Response('id,user_email\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="bookings.csv"' },
        }),
    });
    const original = server.fetch;
    server.fetch = (input, init) => {
      requested.push(String(input instanceof Request ? input.url : input));
      return original(input, init);
    };
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/admin/dashboard', server);
    const card = await screen.findByRole('region', { name: 'Download bookings' }, { timeout: 5000 });
    fireEvent.change(within(card).getByLabelText(/^From/), { target: { value: '2030-09-01' } });
    fireEvent.change(within(card).getByLabelText(/^To/), { target: { value: '2030-08-01' } });
    expect(within(card).getByRole('alert').textContent).toBe('The last day must not be before the first day.');
    fireEvent.change(within(card).getByLabelText(/^To/), { target: { value: '2030-09-30' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportUrl = new URL(requested.find((u) => u.includes('/booking/export/'))!);
    expect(exportUrl.searchParams.get('start')).toBe('2030-09-01T00:00:00Z');
    expect(exportUrl.searchParams.get('end')).toBe('2030-09-30T23:59:59Z');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});
