import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../test-support/render-app';

const AREA = '6a1f9a0e-2b7c-4c1e-8f0a-1d2e3f4a5b6c';
const SPACE = '0b6f2c1e-3d4a-4b5c-8d6e-7f8091a2b3c4';

const area = {
  id: AREA,
  organizationId: 'o1',
  name: 'Floor 3',
  description: '',
  maxConcurrentBookings: 0,
  timezone: 'UTC',
  enabled: true,
  mapScale: 1,
  mapType: '',
  mapWidth: 0,
  mapHeight: 0,
  mapMimeType: '',
  allowedBookerGroupIds: [],
  bookableDays: [],
};

interface Booked {
  id: string;
  userId: string;
  firstname?: string;
  enter: string;
  leave: string;
  subject?: string;
}

function desk(bookings: Booked[]) {
  return {
    id: SPACE,
    locationId: AREA,
    name: 'Desk 7',
    x: 40,
    y: 40,
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
    available: bookings.length === 0,
    allowed: true,
    approvalRequired: false,
    bookings: bookings.map((b) => ({
      id: b.id,
      recurringId: '',
      userId: b.userId,
      userEmail: b.firstname ? `${b.firstname.toLowerCase()}@example.com` : '',
      userFirstname: b.firstname ?? '',
      userLastname: b.firstname ? 'Hopper' : '',
      enter: `2030-09-02T${b.enter}:00+00:00`,
      leave: `2030-09-02T${b.leave}:00+00:00`,
      subject: b.subject ?? '',
      approved: true,
    })),
  };
}

/** Another desk of the floor, free unless `taken`, at (x, y). */
function otherDesk(id: string, name: string, x: number, taken = false) {
  return { ...desk(taken ? [{ id: `b-${id}`, userId: '', enter: '09:00', leave: '17:00' }] : []), id, name, x };
}

function server(bookings: Booked[], extra: FakeRoutes = {}, role = 0, others: ReturnType<typeof otherDesk>[] = []) {
  let current = bookings;
  const routes: FakeRoutes = {
    ...signedInRoutes(user({ role }), {}),
    'GET /location/': () => json([area]),
    [`GET /location/${AREA}/space/availability`]: () => json([desk(current), ...others]),
    'GET /booking/': () => json([]),
    'GET /space-attribute/': () => json([]),
    'POST /booking/precheck/': () => new Response(null, { status: 204 }),
    ...extra,
  };
  const fake = fakeServer(routes);
  return { fake, setBookings: (next: Booked[]) => (current = next) };
}

const SEARCH = `/search?lid=${AREA}&enter=2030-09-02T09:00&leave=2030-09-02T17:00&view=list&sid=${SPACE}`;

describe('the space panel', { timeout: 30_000 }, () => {
  it('says your booking takes the whole chosen time and cancels it after a confirmation', async () => {
    storeSession();
    const s = server([{ id: 'b1', userId: 'u1', enter: '09:00', leave: '17:00', subject: 'Planning' }], {
      'DELETE /booking/b1': () => {
        s.setBookings([]);
        return new Response(null, { status: 204 });
      },
    });
    renderApp(SEARCH, s.fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    expect(await within(panel).findByText('Booked by you for the whole chosen time')).toBeTruthy();
    expect(within(panel).queryByText(/taken for part of the chosen time/)).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /^Cancel booking / }));
    const confirm = within(panel).getByRole('group', { name: /^Cancel upcoming booking for / });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    // Your own booking: no reason to give.
    expect(within(confirm).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.fake.calls.some((c) => c.method === 'DELETE' && c.path === '/booking/b1')).toBe(true);
  });

  it("shows the server's reason when it refuses the cancel", async () => {
    storeSession();
    const s = server([{ id: 'b1', userId: 'u1', enter: '09:00', leave: '17:00' }], {
      'DELETE /booking/b1': () => new Response(null, { status: 403, headers: { 'X-Error-Code': '1008' } }),
      'GET /setting/': () => json([{ name: 'max_hours_before_delete', value: '48' }]),
    });
    renderApp(SEARCH, s.fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    fireEvent.click(await within(panel).findByRole('button', { name: /^Cancel booking / }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel booking' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toMatch(/The booking was not cancelled/);
    expect(alert.textContent).toMatch(/less than 48 hours before/);
    expect(screen.getByRole('dialog', { name: 'Desk 7' })).toBeTruthy();
  });

  it("says someone else's booking takes part of the time, with its span, and offers a plain user no actions", async () => {
    storeSession();
    renderApp(SEARCH, server([{ id: 'b2', userId: '', enter: '10:00', leave: '12:00' }]).fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    expect(await within(panel).findByText('Booked by someone for part of the chosen time')).toBeTruthy();
    expect(
      within(panel).getByText('This space is taken for part of the chosen time. Pick another time or another space.'),
    ).toBeTruthy();
    expect(within(panel).getByText(/10:00 – 12:00$/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /^Cancel booking/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /^Edit times/ })).toBeNull();
  });

  it('suggests the free desks nearest to a taken one, and opens the one chosen ready to book', async () => {
    storeSession();
    const others = [
      otherDesk('d-far', 'Desk 30', 2000),
      otherDesk('d-near', 'Desk 8', 200),
      otherDesk('d-taken', 'Desk 9', 100, true),
      otherDesk('d-mid', 'Desk 12', 600),
      otherDesk('d-next', 'Desk 20', 1000),
    ];
    renderApp(SEARCH, server([{ id: 'b2', userId: '', enter: '09:00', leave: '17:00' }], {}, 0, others).fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    const nearby = await within(panel).findByRole('region', { name: 'Free nearby' });
    expect(
      within(nearby)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Desk 8', 'Desk 12', 'Desk 20']);
    fireEvent.click(within(nearby).getByRole('button', { name: 'Desk 8' }));
    const next = await screen.findByRole('dialog', { name: 'Desk 8' });
    expect(await within(next).findByRole('button', { name: 'Book this space' })).toBeTruthy();
    expect(within(next).queryByRole('region', { name: 'Free nearby' })).toBeNull();
  });

  it('opens a scanned free space for a walk-up: from now until the end of the working day, even for someone who searches tomorrow', async () => {
    storeSession();
    const { fake } = server([], {
      'GET /preference/': () => json([{ name: 'enter_time', value: '2' }]),
    });
    renderApp(`/search?lid=${AREA}&sid=${SPACE}&t=code-token`, fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    const today = new Date().toISOString().slice(0, 10);
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('button', { name: /^From/ })
          .some((b) => b.textContent?.includes(today)),
      ).toBe(true),
    );
    // No booking of the person's at the space: nothing to check in to.
    expect(fake.calls.some((c) => c.path.endsWith('/checkin'))).toBe(false);
  });

  describe('at 09:07 on the day', () => {
    afterEach(() => vi.useRealTimers());
    /** The clock stands at 09:07 UTC on the fixtures' day; the session is fresh then. */
    const atNineOhSeven = () => {
      const now = new Date('2030-09-02T09:07:00Z');
      vi.useFakeTimers({ toFake: ['Date'], now });
      storeSession();
      sessionStorage.setItem('perch.accessTokenExpiry', String(now.getTime() + 15 * 60_000));
    };
    const availabilityAsked = (fake: ReturnType<typeof server>['fake']) =>
      fake.calls.filter((c) => c.path === `/location/${AREA}/space/availability`).map((c) => c.query);

    it("ends a walk-up where the space's next booking begins", async () => {
      atNineOhSeven();
      const { fake } = server([{ id: 'b5', userId: '', enter: '13:30', leave: '15:00' }]);
      renderApp(`/search?lid=${AREA}&sid=${SPACE}&t=code-token`, fake);
      const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
      expect(panel).toBeTruthy();
      await waitFor(() =>
        expect(availabilityAsked(fake)).toContain('enter=2030-09-02T09%3A10%3A00Z&leave=2030-09-02T13%3A30%3A00Z'),
      );
      expect(availabilityAsked(fake)).toContain('enter=2030-09-02T09%3A10%3A00Z&leave=2030-09-02T17%3A00%3A00Z');
    });

    it("lists what is free now when an area's code is scanned, and opens the one chosen ready to book", async () => {
      atNineOhSeven();
      const others = [otherDesk('d-near', 'Desk 8', 200), otherDesk('d-taken', 'Desk 9', 100, true)];
      const { fake } = server([], {}, 0, others);
      renderApp(`/search?lid=${AREA}&now=1`, fake);
      const card = await screen.findByRole('region', { name: 'Free now in Floor 3' });
      expect(await within(card).findByText('2 spaces are free until 17:00:')).toBeTruthy();
      expect(
        within(card)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Desk 7', 'Desk 8']);
      expect(availabilityAsked(fake)).toEqual(['enter=2030-09-02T09%3A10%3A00Z&leave=2030-09-02T17%3A00%3A00Z']);
      fireEvent.click(within(card).getByRole('button', { name: 'Desk 8' }));
      const panel = await screen.findByRole('dialog', { name: 'Desk 8' });
      expect(await within(panel).findByRole('button', { name: 'Book this space' })).toBeTruthy();
    });

    it('says so when nothing in the area is free now', async () => {
      atNineOhSeven();
      const { fake } = server([{ id: 'b6', userId: '', enter: '09:00', leave: '17:00' }]);
      renderApp(`/search?lid=${AREA}&now=1`, fake);
      const card = await screen.findByRole('region', { name: 'Free now in Floor 3' });
      expect(
        await within(card).findByText('Nothing here is free right now. The map shows when spaces free up.'),
      ).toBeTruthy();
      expect(within(card).queryByRole('button')).toBeNull();
    });
  });

  it("lets a space admin cancel anyone's booking, with a reason for the owner", async () => {
    storeSession();
    const s = server(
      [{ id: 'b3', userId: 'u9', firstname: 'Grace', enter: '08:00', leave: '18:00' }],
      { 'DELETE /booking/b3': () => new Response(null, { status: 204 }) },
      10,
    );
    renderApp(SEARCH, s.fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    expect(await within(panel).findByText('Booked by Grace Hopper for the whole chosen time')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: /^Edit times/ })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: /^Cancel booking / }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'Audit' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('books in the same panel, with no second dialog, and shows the confirmation there', async () => {
    storeSession();
    const s = server([], {
      'POST /booking/': () => {
        s.setBookings([{ id: 'new-1', userId: 'u1', enter: '09:00', leave: '17:00' }]);
        return new Response(null, { status: 201, headers: { 'X-Object-Id': 'new-1' } });
      },
    });
    renderApp(SEARCH, s.fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    expect(await within(panel).findByText('Nobody has booked this space in this time.')).toBeTruthy();
    // A plain user books for themselves only.
    expect(within(panel).queryByRole('radio', { name: 'Someone else' })).toBeNull();
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Review' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Book this space' }));
    const done = await within(panel).findByText('Your booking has been confirmed!');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    const post = s.fake.calls.find((c) => c.method === 'POST' && c.path === '/booking/');
    expect(post?.body).toEqual({
      spaceId: SPACE,
      enter: '2030-09-02T09:00:00Z',
      leave: '2030-09-02T17:00:00Z',
      subject: 'Review',
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the booked space, not to the page.
    const list = screen.getByRole('list', { name: 'Spaces' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole('button', { name: /^Desk 7 — Booked by you/ })),
    );
  });

  it('asks a space admin booking for someone else to choose the person first, and offers no series', async () => {
    storeSession();
    renderApp(SEARCH, server([], {}, 10).fake);
    const panel = await screen.findByRole('dialog', { name: 'Desk 7' });
    fireEvent.click(await within(panel).findByRole('radio', { name: 'Someone else' }));
    expect(within(panel).queryByRole('radiogroup', { name: 'Repeat' })).toBeNull();
    expect(within(panel).getByText('Repeating bookings can only be made for yourself.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Book this space' }));
    expect(await within(panel).findByText('Choose the person to book for.')).toBeTruthy();
  });
});
