import type { PresenceReport } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../../test-support/render-app';
import { area } from '../../test-support/admin-fixtures';

const spaceAdmin = user({ role: 10, spaceAdmin: true });
const REPORT: PresenceReport = {
  users: [
    { userId: '1', email: 'ann@example.com', firstname: 'Ann', lastname: 'Able' },
    { userId: '2', email: 'bob@example.com', firstname: 'Bob', lastname: 'Idle' },
    { userId: '3', email: 'cat@example.com', firstname: 'Cat', lastname: 'Busy' },
  ],
  dates: ['2030-09-02', '2030-09-03', '2030-09-04'],
  presences: [
    [0, 1, 0],
    [0, 0, 0],
    [0, 2, 1],
  ],
};

/** The app on the presence tab; answers and the presence requests' queries. */
function renderPresence(
  presence: FakeRoutes[string],
  settings: Record<string, string> = {},
  path = '/admin/dashboard?view=presence',
) {
  const queries: URLSearchParams[] = [];
  const server = fakeServer({
    ...signedInRoutes(spaceAdmin, settings),
    'GET /stats/': () => json({ message: 'hidden' }, 404),
    'GET /location/': () => json([area({ name: 'Third floor' })]),
    'GET /booking/report/presence/': presence,
  });
  const original = server.fetch;
  server.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/booking/report/presence/') queries.push(url.searchParams);
    return original(input, init);
  };
  storeSession();
  renderApp(path, server);
  return queries;
}

describe('presence report', { timeout: 15_000 }, () => {
  it('shows people in per day and a mark per person and day, and downloads the grid as CSV', async () => {
    const queries = renderPresence(() => json(REPORT));
    expect(
      (await screen.findByRole('tab', { name: 'Presence' }, { timeout: 5000 })).getAttribute('aria-selected'),
    ).toBe('true');
    const daily = await screen.findByRole('region', { name: 'People in per day' });
    expect(within(daily).getByText('Tue, 2030-09-03: 2 people')).toBeTruthy();
    expect(within(daily).getByText('Wed, 2030-09-04: 1 person')).toBeTruthy();
    expect(within(daily).getByText('Busiest day: Tue, 2030-09-03, 2 people')).toBeTruthy();

    // This week by default: seven days from the user's first weekday.
    const q = queries[0]!;
    expect(q.get('start')).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect((Date.parse(q.get('end')!) - Date.parse(q.get('start')!)) / 86_400_000).toBe(7);
    expect(new Date(q.get('start')!).getUTCDay()).toBe(1);
    expect(q.get('locationId')).toBeNull();

    const grid = screen.getByRole('table', { name: /^Bookings per person and day/ });
    for (const name of ['Person', 'Mon, 2030-09-02', 'Tue, 2030-09-03', 'Wed, 2030-09-04', 'Days in'])
      expect(within(grid).getByRole('columnheader', { name })).toBeTruthy();
    const ann = within(grid).getByRole('row', { name: /Ann Able/ });
    expect(
      within(ann)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['No booking', '1 booking', 'No booking', '1']);
    const cat = within(grid).getByRole('row', { name: /Cat Busy/ });
    expect(within(cat).getAllByRole('cell')[1]!.textContent).toBe('22 bookings');
    // People without bookings only on request.
    expect(within(grid).queryByRole('row', { name: /Bob Idle/ })).toBeNull();
    expect(screen.getByText('2 people shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Show people without bookings' }));
    expect(await within(grid).findByRole('row', { name: /Bob Idle/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Show people without bookings' }));

    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let fileName = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fileName).toBe('presence-2030-09-02-2030-09-04.csv');
    const csv = await createObjectURL.mock.calls[0]![0].text();
    expect(csv.split('\r\n')).toEqual([
      'email,firstname,lastname,2030-09-02,2030-09-03,2030-09-04,days',
      'ann@example.com,Ann,Able,0,1,0,1',
      'cat@example.com,Cat,Busy,0,2,1,2',
      '',
    ]);
    click.mockRestore();
  });

  it('narrows to an area and explains the 31-day limit before asking for more', async () => {
    const queries = renderPresence(() => json(REPORT));
    await screen.findByRole('region', { name: 'People in per day' }, { timeout: 5000 });
    expect(screen.getByText('Up to 31 days at a time.')).toBeTruthy();
    const from = screen.getByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);
    fireEvent.change(from, { target: { value: '2030-01-01' } });
    await waitFor(() => expect(queries.at(-1)?.get('start')).toBe('2030-01-01T00:00:00Z'));
    // The first day moved past the last one: the last day follows it.
    expect((to as HTMLInputElement).value).toBe('2030-01-01');
    const asked = queries.length;
    // A last day more than 31 days on is not taken, and the field says which is the last allowed.
    fireEvent.focus(to);
    fireEvent.change(to, { target: { value: '2030-02-15' } });
    fireEvent.blur(to);
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“2030-02-15” was not used: the latest date here is 2030-01-31.',
    );
    expect((to as HTMLInputElement).value).toBe('2030-01-01');
    fireEvent.change(to, { target: { value: '2030-01-31' } });
    await waitFor(() => expect(queries.at(-1)?.get('end')).toBe('2030-02-01T00:00:00Z'));
    expect(queries.slice(asked).some((q) => q.get('end') === '2030-02-16T00:00:00Z')).toBe(false);
    expect((screen.getByRole('textbox', { name: 'Period' }) as HTMLInputElement).value).toBe('Chosen days');

    fireEvent.click(screen.getByRole('textbox', { name: 'Area' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Third floor', hidden: true }));
    await waitFor(() => expect(queries.at(-1)?.get('locationId')).toBe(area().id));
  });

  it('has an empty state when nobody booked', async () => {
    renderPresence(() => json({ ...REPORT, presences: REPORT.presences.map((r) => r.map(() => 0)) }));
    expect(await screen.findByRole('heading', { name: 'Nobody booked on these days' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('says when the report could not be loaded and tries again on request', async () => {
    let calls = 0;
    renderPresence(() => (++calls === 1 ? json({ message: 'nope' }, 400) : json(REPORT)));
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'People in per day' })).toBeTruthy();
  });

  it('is not offered while the organisation hides reports', async () => {
    renderPresence(() => json(REPORT), { hide_reports: '1' });
    expect(await screen.findByRole('heading', { name: 'Statistics are hidden' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Presence' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'People in per day' })).toBeNull();
  });

  it('says so when the server hides the report (404)', async () => {
    renderPresence(() => json({ message: 'hidden' }, 404));
    expect(
      await screen.findByRole('heading', { name: 'The presence report is turned off' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
