import type { Booking } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../test-support/render-app';
import { area } from '../test-support/admin-fixtures';

const spaceAdmin = user({ id: 'me', email: 'sa@example.com', role: 10, spaceAdmin: true });
const FLOOR = area({ id: 'a1', name: 'Second floor' });
const ROOF = area({ id: 'a2', name: 'Roof terrace' });

const booking = (i: number, over: Partial<Booking> = {}): Booking => ({
  id: `b${i}`,
  userId: `u${i}`,
  userEmail: `person${i}@example.com`,
  userFirstname: `Person`,
  userLastname: `${i}`,
  approved: true,
  recurringId: '',
  checkedInAt: null,
  releasedAt: null,
  releaseReason: null,
  spaceId: 's1',
  subject: '',
  enter: `2030-09-02T${String(8 + (i % 10)).padStart(2, '0')}:00:00+02:00`,
  leave: `2030-09-02T${String(9 + (i % 10)).padStart(2, '0')}:00:00+02:00`,
  space: { id: 's1', locationId: 'a1', name: `Desk ${i}`, location: { id: 'a1', name: 'Second floor' } },
  ...over,
});

/** A server answering `GET /booking/filter/` with `list` (as it stands), keeping every URL asked. */
function serverWith(list: Booking[], routes: FakeRoutes = {}, refuse = false) {
  let bookings = list;
  const server = fakeServer({
    ...signedInRoutes(spaceAdmin),
    'GET /location/': () => json([FLOOR, ROOF]),
    ...routes,
  });
  const asked: URL[] = [];
  const original = server.fetch;
  server.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url);
    if (url.pathname === '/booking/filter/') return json(bookings);
    const id = /^\/booking\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id && init?.method === 'DELETE') {
      if (refuse) return json({ message: 'Too late to cancel' }, 403);
      if ((url.searchParams.get('reason') ?? '').length > 500) return json({ message: 'too long' }, 400);
      bookings = bookings.filter((b) => b.id !== id);
      return new Response(null, { status: 204 });
    }
    return original(input, init);
  };
  return { server, asked };
}

function open(path: string, list: Booking[], routes: FakeRoutes = {}, refuse = false) {
  const s = serverWith(list, routes, refuse);
  storeSession();
  renderApp(path, s.server);
  return s;
}

const filterCalls = (asked: URL[]) => asked.filter((u) => u.pathname === '/booking/filter/');

describe('admin bookings screen', { timeout: 20_000 }, () => {
  it('lists the window of days, fifty to a page, with a count', async () => {
    const { asked } = open(
      '/admin/bookings?from=2030-09-01&to=2030-09-07',
      Array.from({ length: 62 }, (_, i) => booking(i)),
    );
    expect(await screen.findByText('Showing 1–50 of 62 bookings')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '62 bookings' })).toBeTruthy();
    const last = filterCalls(asked).at(-1)!;
    expect(last.searchParams.get('start')).toBe('2030-09-01T00:00:00Z');
    expect(last.searchParams.get('end')).toBe('2030-09-07T23:59:59Z');
    expect(last.searchParams.has('user')).toBe(false);
    const table = screen.getByRole('table', { name: 'Bookings' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–62 of 62 bookings')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByText('Mon, 2030-09-02, 10:00 – 11:00', { exact: false })).toBeTruthy();
  });

  it('asks the server for one area', async () => {
    const { asked } = open('/admin/bookings?from=2030-09-01&to=2030-09-07', [booking(1)]);
    await screen.findByText('Showing 1–1 of 1 booking');
    fireEvent.click(screen.getByRole('textbox', { name: 'Area' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Roof terrace', hidden: true }));
    await waitFor(() => expect(filterCalls(asked).at(-1)!.searchParams.get('location')).toBe('a2'));
  });

  it('asks the server for a check-in state and marks checked-in and released bookings', async () => {
    const { asked } = open('/admin/bookings?from=2030-09-01&to=2030-09-07', [
      { ...booking(1), checkedInAt: '2030-09-02T09:58:00+02:00' },
      { ...booking(2), releasedAt: '2030-09-02T10:30:00+02:00', releaseReason: 'no-show' },
    ]);
    await screen.findByText('Showing 1–2 of 2 bookings');
    const table = screen.getByRole('table', { name: 'Bookings' });
    expect(within(table).getByText('Checked in')).toBeTruthy();
    expect(within(table).getByText('Released')).toBeTruthy();
    fireEvent.click(screen.getByRole('textbox', { name: 'Check-in' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Released', hidden: true }));
    await waitFor(() => expect(filterCalls(asked).at(-1)!.searchParams.get('state')).toBe('released'));
  });

  it('shows and reads the dates in the user’s date format', async () => {
    const { asked } = open('/admin/bookings?from=2030-09-01&to=2030-09-07', [booking(1)], {
      'GET /preference/': () => json([{ name: 'date_format', value: 'd.m.Y' }]),
    });
    await screen.findByText('Showing 1–1 of 1 booking');
    const from = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    expect(from.value).toBe('01.09.2030');
    expect((screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement).value).toBe('07.09.2030');
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '3.9.2030' } });
    fireEvent.blur(from);
    await waitFor(() => expect(filterCalls(asked).at(-1)!.searchParams.get('start')).toBe('2030-09-03T00:00:00Z'));
    expect(from.value).toBe('03.09.2030');
  });

  it('says when the end date comes before the start', async () => {
    open('/admin/bookings?from=2030-09-01&to=2030-09-07', [booking(1)]);
    await screen.findByText('Showing 1–1 of 1 booking');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-08-01' } });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
  });

  it('cancels a booking with the reason for its owner, and moves the focus to the next row', async () => {
    const { asked } = open('/admin/bookings?from=2030-09-01&to=2030-09-07', [booking(1), booking(2)]);
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel the booking of Person 1: Desk 1, / }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    expect(await within(dialog).findByText('The reason may be at most 500 characters long.')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Floor closed for cleaning' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cancel the booking of Person 1:/ })).toBeNull());
    const cancel = asked.find((u) => u.pathname === '/booking/b1');
    expect(cancel?.searchParams.get('reason')).toBe('Floor closed for cleaning');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: /^Cancel the booking of Person 2: Desk 2, / }),
      ),
    );
  });

  it('shows why the server refused, and keeps the dialog', async () => {
    open('/admin/bookings?from=2030-09-01&to=2030-09-07', [booking(1)], {}, true);
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel the booking of Person 1:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Cancel the booking of Person 1:/, hidden: true })).toBeTruthy();
  });
});
