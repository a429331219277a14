import { fireEvent, screen, waitFor } from '@testing-library/react';
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
import { BOOKER_NAMES_STORAGE_KEY } from './use-booker-names';

const AREA = '6a1f9a0e-2b7c-4c1e-8f0a-1d2e3f4a5b6c';

function area(withPlan: boolean) {
  return {
    id: AREA,
    organizationId: 'o1',
    name: 'Floor 3',
    description: '',
    maxConcurrentBookings: 0,
    timezone: 'UTC',
    enabled: true,
    mapScale: 1,
    mapType: '',
    mapWidth: withPlan ? 800 : 0,
    mapHeight: withPlan ? 400 : 0,
    mapMimeType: withPlan ? 'image/svg+xml' : '',
    allowedBookerGroupIds: [],
    bookableDays: [],
  };
}

const desk = (n: number, booked = false, checkedIn = false) => ({
  id: `s${n}`,
  locationId: AREA,
  name: `Desk ${n}`,
  x: 40 + ((n - 1) % 4) * 180,
  y: 40 + Math.floor((n - 1) / 4) * 120,
  width: 140,
  height: 80,
  rotation: 0,
  shape: 'rect',
  fontSize: 'normal',
  enabled: true,
  requireSubject: false,
  kioskEnabled: false,
  approverGroupIds: [],
  allowedBookerGroupIds: [],
  attributes: [],
  available: !booked,
  allowed: true,
  approvalRequired: false,
  bookings: booked
    ? [
        {
          id: 'b1',
          recurringId: '',
          userId: 'u2',
          userEmail: 'grace@example.com',
          userFirstname: 'Grace',
          userLastname: 'Hopper',
          enter: '2030-09-02T09:00:00+00:00',
          leave: '2030-09-02T17:00:00+00:00',
          subject: '',
          approved: true,
          checkedIn,
        },
      ]
    : [],
});

function server(withPlan: boolean, settings: Record<string, string> = {}, role = 0, checkedIn = false) {
  // The API lists spaces by name as text: Desk 1, Desk 10, Desk 2 …
  const spaces = [1, 10, 11, 12, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => desk(n, n === 2, checkedIn));
  const routes: FakeRoutes = {
    ...signedInRoutes(user({ role }), settings),
    'GET /location/': () => json([area(withPlan)]),
    [`GET /location/${AREA}/space/availability`]: () => json(spaces),
    [`GET /location/${AREA}/map`]: () =>
      json({ width: 800, height: 400, scale: 1, mimeType: 'svg+xml', data: withPlan ? 'PHN2Zy8+' : '' }),
    'GET /booking/': () => json([]),
    'GET /space-attribute/': () => json([]),
    'POST /booking/precheck/': () => new Response(null, { status: 204 }),
  };
  return fakeServer(routes);
}

const SEARCH = `/search?lid=${AREA}&enter=2030-09-02T08:00&leave=2030-09-02T18:00`;

describe('the search page map and list', { timeout: 30_000 }, () => {
  it('lists the spaces in natural order, on the map and in the list', async () => {
    storeSession();
    renderApp(SEARCH, server(true));
    const plan = await screen.findByRole('group', { name: 'Floor plan of Floor 3' });
    await waitFor(() => expect(plan.querySelectorAll('[role="button"]')).toHaveLength(12));
    const names = [...plan.querySelectorAll('[role="button"]')].map(
      (b) => b.getAttribute('aria-label')!.split(' —')[0],
    );
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `Desk ${i + 1}`));
    fireEvent.click(screen.getByRole('radio', { name: 'List' }));
    const list = await screen.findByRole('list', { name: 'Spaces' });
    expect([...list.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')!.split(' —')[0])).toEqual(
      names,
    );
  });

  it('shows an area without a floor plan as a list with a note, and offers no map', async () => {
    storeSession();
    renderApp(SEARCH, server(false));
    expect(await screen.findByText('This area has no floor plan yet')).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Spaces' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Floor plan of/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Map' })).toBeNull();
  });

  it('offers the names switch only where the organisation shows names, and remembers it', async () => {
    storeSession();
    const first = renderApp(SEARCH, server(true, { show_names: '1' }));
    const toggle = await screen.findByRole('switch', { name: 'Show names on the map' });
    fireEvent.click(toggle);
    expect(localStorage.getItem(BOOKER_NAMES_STORAGE_KEY)).toBe('1');
    const booked = await screen.findByRole('button', { name: 'Desk 2 — Booked' });
    await waitFor(() => expect(booked.querySelector('text')?.textContent).toMatch(/^(Grace Hopper|Grace|GH)$/));
    first.unmount();

    renderApp(SEARCH, server(true));
    await screen.findByRole('group', { name: 'Floor plan of Floor 3' });
    expect(screen.queryByRole('switch', { name: 'Show names on the map' })).toBeNull();
  });

  it('marks a space whose booker has checked in, with a legend entry where check-in is used', async () => {
    storeSession();
    const first = renderApp(SEARCH, server(true, { checkin_mode: '1' }, 0, true));
    const booked = await screen.findByRole('button', { name: 'Desk 2 — Booked, checked in' });
    expect(booked.querySelector('use[href$="-checked-in"]')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(legend.textContent).toContain('Checked in');
    first.unmount();

    // Without check-in anywhere, neither the mark's legend nor a mark.
    renderApp(SEARCH, server(true));
    const plain = await screen.findByRole('button', { name: 'Desk 2 — Booked' });
    expect(plain.querySelector('use[href$="-checked-in"]')).toBeNull();
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).not.toContain('Checked in');
  });
});
