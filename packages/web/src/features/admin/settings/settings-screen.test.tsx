import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';

const orgAdmin = user({ role: 20, admin: true, spaceAdmin: true });
const STORED = {
  max_days_in_advance: '14',
  booking_retention_enabled: '0',
  booking_retention_days: '365',
  custom_logo_url: '',
  default_timezone: 'Europe/Berlin',
  feature_groups: '1',
  _sys_version: '1.0',
};

function settingsServer(onPut: (body: unknown) => Response) {
  let stored: Record<string, string> = { ...STORED };
  return fakeServer({
    ...signedInRoutes(orgAdmin),
    'GET /setting/': () => json(Object.entries(stored).map(([name, value]) => ({ name, value }))),
    'GET /setting/timezones': () => json(['Asia/Tokyo', 'Europe/Berlin']),
    'PUT /setting/': (body) => {
      const answer = onPut(body);
      if (answer.ok)
        stored = {
          ...stored,
          ...Object.fromEntries((body as { name: string; value: string }[]).map((s) => [s.name, s.value])),
        };
      return answer;
    },
  });
}

describe('settings screen', { timeout: 15_000 }, () => {
  it('checks ranges in place and saves only the changes, all in one request', async () => {
    storeSession();
    const server = settingsServer(() => new Response(null, { status: 204 }));
    renderApp('/admin/settings', server);
    const days = await screen.findByRole('textbox', { name: 'Days in advance' }, { timeout: 5000 });
    const save = screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(days, { target: { value: '10000' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a whole number from 0 to 9999.');
    expect(save.disabled).toBe(true);

    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Show who booked/ }));
    expect(screen.getByText('Unsaved changes: 2')).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual([
      { name: 'max_days_in_advance', value: '3' },
      { name: 'show_names', value: '1' },
    ]);
    expect(await screen.findByText('All changes are saved.')).toBeTruthy();
    // The session (and with it the header logo and limits in messages) is loaded again.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/user/me').length).toBeGreaterThan(1));
  });

  it('shows the number behind a switch only while the switch is on', async () => {
    storeSession();
    renderApp(
      '/admin/settings',
      settingsServer(() => new Response(null, { status: 204 })),
    );
    const retention = await screen.findByRole('switch', { name: /^Delete old bookings/ }, { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: 'Keep bookings for (days)' })).toBeNull();
    fireEvent.click(retention);
    fireEvent.change(screen.getByRole('textbox', { name: 'Keep bookings for (days)' }), { target: { value: '10' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a whole number from 30 to 999.');
  });

  it('keeps the changes and says why when the server refuses them', async () => {
    storeSession();
    const server = settingsServer(() => json({ message: 'Invalid value' }, 400));
    renderApp('/admin/settings', server);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Days in advance' }, { timeout: 5000 }), {
      target: { value: '7' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were not saved')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Days in advance' }) as HTMLInputElement).value).toBe('7');
    expect(screen.getByText('Unsaved changes: 1')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    storeSession();
    renderApp(
      '/admin/settings',
      settingsServer(() => new Response(null, { status: 204 })),
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Days in advance' }, { timeout: 5000 }), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Statistics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Days in advance' }) as HTMLInputElement).value).toBe('5');
  });

  it('shows the check-in policy once check-in is on, and saves it', async () => {
    storeSession();
    const server = settingsServer(() => new Response(null, { status: 204 }));
    renderApp('/admin/settings', server);
    const section = await screen.findByRole('region', { name: 'Check-in' }, { timeout: 5000 });
    expect(within(section).queryByRole('textbox', { name: /^Grace period/ })).toBeNull();
    fireEvent.click(within(section).getByRole('radio', { name: 'Scan only' }));
    const grace = await within(section).findByRole('textbox', { name: 'Grace period (minutes after the start)' });
    fireEvent.change(grace, { target: { value: '10' } });
    const byTime = within(section).getByLabelText(/^Or check in by/);
    fireEvent.change(byTime, { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual([
      { name: 'checkin_mode', value: '2' },
      { name: 'checkin_grace_minutes', value: '10' },
      { name: 'checkin_release_time', value: '10:00' },
    ]);
  });
});
