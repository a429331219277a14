import type { Booking } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../test-support/render-app';
import { addDaysToDate, datePart, nowInZone } from '../../shared/time/wall-time';
import { BOOKINGS_VIEW_KEY } from './BookingsPage';
import { weekStartOf } from './week-layout';

const ZONE = 'Europe/Berlin';
// Next week's Monday and Wednesday (the default week starts on Monday).
const nextMonday = addDaysToDate(weekStartOf(datePart(nowInZone(ZONE)), 1), 7);
const nextWednesday = addDaysToDate(nextMonday, 2);

const booking = (id: string, day: string, from: string, to: string, name: string, recurringId = ''): Booking => ({
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
  spaceId: `s-${id}`,
  subject: '',
  enter: `${day}T${from}:00+02:00`,
  leave: `${day}T${to}:00+02:00`,
  space: { id: `s-${id}`, locationId: 'a1', name, location: { id: 'a1', name: 'Second floor' } },
});

function openBookings(bookings: Booking[], path = '/bookings') {
  let list = bookings;
  const server = fakeServer({
    ...signedInRoutes(user(), { default_timezone: ZONE }),
    'GET /location/': () => json([]),
    'GET /booking/': () => json(list),
    ...Object.fromEntries(
      bookings.map((b) => [
        `DELETE /booking/${b.id}`,
        () => {
          list = list.filter((x) => x.id !== b.id);
          return new Response(null, { status: 204 });
        },
      ]),
    ),
  });
  storeSession();
  renderApp(path, server);
  return server;
}

const twoBookings = () => [
  booking('b1', nextMonday, '09:00', '12:00', 'Desk 7'),
  booking('b2', nextWednesday, '14:00', '17:30', 'Desk 9'),
];

async function showNextWeek() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Week' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Next week' }));
}

describe('my bookings as a week', { timeout: 20_000 }, () => {
  it('is chosen beside the list and remembered on this device', async () => {
    openBookings(twoBookings());
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'List' })).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'This week' })).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous week' }).disabled).toBe(true);
    expect(localStorage.getItem(BOOKINGS_VIEW_KEY)).toBe('"week"');
  });

  it('places each booking on its day by its times, as a button named with space and time', async () => {
    openBookings(twoBookings());
    await showNextWeek();
    const desk7 = await screen.findByRole('button', { name: /^Desk 7, Second floor, .*09:00 – 12:00$/ });
    const desk9 = screen.getByRole('button', { name: /^Desk 9, Second floor, .*14:00 – 17:30$/ });
    // The grid starts at the working day's 09:00; an hour is 48 px.
    expect(desk7.style.top).toBe('0px');
    expect(desk9.style.top).toBe(`${5 * 48}px`);
    expect(parseFloat(desk9.style.height)).toBeCloseTo(3.5 * 48 - 2);
    const monday = desk7.closest('ul')!;
    const wednesday = desk9.closest('ul')!;
    expect(monday).not.toBe(wednesday);
    expect(document.getElementById(monday.getAttribute('aria-labelledby')!)!.textContent).toContain(nextMonday);
    expect(document.getElementById(wednesday.getAttribute('aria-labelledby')!)!.textContent).toContain(nextWednesday);
    expect(screen.getByText('2 bookings in this week')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous week' }).disabled).toBe(false);
  });

  it('moves between weeks and back to this one', async () => {
    openBookings(twoBookings());
    await showNextWeek();
    await screen.findByRole('button', { name: /^Desk 7, / });
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No bookings in this week.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Desk 7, / })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'This week' }).disabled).toBe(true),
    );
  });

  it('offers the list’s actions on a block and cancels from there, then focuses the next booking', async () => {
    const server = openBookings(twoBookings());
    await showNextWeek();
    fireEvent.click(await screen.findByRole('button', { name: /^Desk 7, / }));
    const details = await screen.findByRole('dialog', { hidden: true });
    // jsdom lays nothing out, so the popover counts as detached from its block and stays hidden.
    const hidden = true;
    expect(within(details).getByRole('button', { name: /^Add to calendar: Desk 7, /, hidden })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Close', hidden })).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: /^Cancel booking of Desk 7, /, hidden }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel booking' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/booking/b1')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Desk 7, / })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Desk 9, / })));
  });
});

describe('my bookings as a list', { timeout: 20_000 }, () => {
  it('after a cancellation, the focus goes to the next booking, and to the heading once none is left', async () => {
    localStorage.setItem(BOOKINGS_VIEW_KEY, '"list"');
    openBookings(twoBookings());
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel booking of Desk 7, / }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel booking' })).getByRole('button', {
        name: 'Cancel booking',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cancel booking of Desk 7, / })).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Desk 9'));
    expect(document.activeElement?.tagName).toBe('LI');
    fireEvent.click(screen.getByRole('button', { name: /^Cancel booking of Desk 9, / }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel booking' })).getByRole('button', {
        name: 'Cancel booking',
      }),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });
});
