import { notifications } from '@mantine/notifications';
import type { ApiTokenState, User } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, ORG, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';

const orgAdmin = user({ id: 'me', email: 'oa@example.com', role: 20, admin: true, spaceAdmin: true });
const robot = (role: 21 | 22 = 22): User => ({
  ...user({ id: 'sa', email: 'robot@example.com', firstname: 'Robo', lastname: 'Bot', role }),
});
const person = (over: Partial<User> = {}): User => ({
  ...user({ id: 'p1', email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper' }),
  ...over,
});
const noContent = () => new Response(null, { status: 204 });

afterEach(() => vi.restoreAllMocks());

/** Waits for a notification with this message or title. */
async function notified(show: { mock: { calls: unknown[][] } }, text: string): Promise<void> {
  await waitFor(() =>
    expect(
      show.mock.calls.some(([n]) => {
        const { message, title } = n as { message?: unknown; title?: unknown };
        return message === text || title === text;
      }),
    ).toBe(true),
  );
}
const TOKEN = 'ab'.repeat(32);
/** The admin's own clock: Berlin, day-month-year, 24 hours. */
const PREFERENCES = [
  { name: 'timezone', value: 'Europe/Berlin' },
  { name: 'date_format', value: 'd.m.Y' },
  { name: 'use_24_hour_time', value: '1' },
];

function routes(target: () => User, extra: Record<string, (body: unknown) => Response> = {}) {
  return {
    ...signedInRoutes(orgAdmin),
    'GET /preference/': () => json(PREFERENCES),
    'GET /group/': () => json([]),
    'GET /mail-outbox/': () => json({ deliveryConfigured: true, counts: {}, total: 0, items: [] }),
    [`GET /user/${target().id}`]: () => json(target()),
    'GET /user/': () => json([orgAdmin, target()]),
    'GET /user/count': () => json({ count: 2 }),
    ...extra,
  };
}

const calls = (server: ReturnType<typeof fakeServer>, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && c.path === path).length;

async function card(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name }, { timeout: 5000 });
}

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('API token of a service account', { timeout: 20_000 }, () => {
  it('generates a token, shows it once with a copy button and an example request, then shows it as active', async () => {
    storeSession();
    let state: ApiTokenState = { configured: false, createdAt: null, lastUsedAt: null };
    const server = fakeServer(
      routes(robot, {
        'GET /user/sa/api-token': () => json(state),
        'POST /user/sa/api-token': () => {
          state = { configured: true, createdAt: '2030-09-01T06:30:00Z', lastUsedAt: null };
          return json({ token: TOKEN });
        },
      }),
    );
    renderApp('/admin/users/sa', server);
    const box = await card('API token');
    expect(await within(box).findByText('No token', { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in' })).toBeNull();
    expect(within(box).getByText(/may read and change everything an organisation admin may/)).toBeTruthy();
    expect((within(box).getByRole('textbox', { name: /User name for HTTP Basic/ }) as HTMLInputElement).value).toBe(
      `${ORG.id}_robot@example.com`,
    );
    expect(within(box).queryByRole('button', { name: 'Revoke token' })).toBeNull();

    fireEvent.click(within(box).getByRole('button', { name: 'Generate token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    expect(calls(server, 'POST', '/user/sa/api-token')).toBe(1);
    expect((within(dialog).getByRole('textbox', { name: 'API token' }) as HTMLTextAreaElement).value).toBe(TOKEN);
    const example = (within(dialog).getByRole('textbox', { name: 'Example request' }) as HTMLTextAreaElement).value;
    expect(example).toBe(`curl -H "Authorization: Bearer ${TOKEN}" ${window.location.origin}/user/me`);
    expect(within(dialog).getByText(/it is shown only this once/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy command' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New API token' })).toBeNull());
    expect(screen.queryByText(TOKEN)).toBeNull();

    // Refreshed: active, created in the admin's zone and formats, never used.
    await waitFor(() => expect(within(box).getByText('Active', { selector: 'dd' })).toBeTruthy());
    expect(within(box).getByText('01.09.2030, 08:30')).toBeTruthy();
    expect(within(box).getByText('Never')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Replace token' })).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Revoke token' })).toBeTruthy();
  });

  it('replaces a token only after a warning that the old one stops working', async () => {
    storeSession();
    const server = fakeServer(
      routes(() => robot(21), {
        'GET /user/sa/api-token': () =>
          json({ configured: true, createdAt: '2030-01-15T12:00:00Z', lastUsedAt: '2030-03-02T23:05:00Z' }),
        'POST /user/sa/api-token': () => json({ token: TOKEN }),
      }),
    );
    renderApp('/admin/users/sa', server);
    const box = await card('API token');
    expect(await within(box).findByText('15.01.2030, 13:00')).toBeTruthy();
    // Past midnight in Berlin: the day after in UTC terms.
    expect(within(box).getByText('03.03.2030, 00:05')).toBeTruthy();
    expect(within(box).getByText(/may only read: requests other than GET are refused/)).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: 'Replace token' }));
    let confirm = await screen.findByRole('dialog', { name: 'Replace the API token of Robo Bot?' });
    expect(within(confirm).getByText(/The current token stops working at once/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(server, 'POST', '/user/sa/api-token')).toBe(0);

    fireEvent.click(within(box).getByRole('button', { name: 'Replace token' }));
    confirm = await screen.findByRole('dialog', { name: 'Replace the API token of Robo Bot?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    expect((within(dialog).getByRole('textbox', { name: 'API token' }) as HTMLTextAreaElement).value).toBe(TOKEN);
    expect(calls(server, 'POST', '/user/sa/api-token')).toBe(1);
  });

  it('revokes a token after confirming, and says so', async () => {
    storeSession();
    let state: ApiTokenState = { configured: true, createdAt: '2030-01-15T12:00:00Z', lastUsedAt: null };
    const server = fakeServer(
      routes(robot, {
        'GET /user/sa/api-token': () => json(state),
        'DELETE /user/sa/api-token': () => {
          state = { configured: false, createdAt: null, lastUsedAt: null };
          return noContent();
        },
      }),
    );
    const show = vi.spyOn(notifications, 'show');
    renderApp('/admin/users/sa', server);
    const box = await card('API token');
    fireEvent.click(await within(box).findByRole('button', { name: 'Revoke token' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the API token of Robo Bot?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await notified(show, 'The API token of Robo Bot was revoked.');
    expect(calls(server, 'DELETE', '/user/sa/api-token')).toBe(1);
    await waitFor(() => expect(within(box).getByRole('button', { name: 'Generate token' })).toBeTruthy());
    expect(within(box).queryByRole('button', { name: 'Revoke token' })).toBeNull();
  });

  it('says when generating failed, and shows no token', async () => {
    storeSession();
    const server = fakeServer(
      routes(robot, {
        'GET /user/sa/api-token': () => json({ configured: false, createdAt: null, lastUsedAt: null }),
        'POST /user/sa/api-token': () => json({ message: 'Only service accounts have API tokens' }, 400),
      }),
    );
    const show = vi.spyOn(notifications, 'show');
    renderApp('/admin/users/sa', server);
    const box = await card('API token');
    fireEvent.click(await within(box).findByRole('button', { name: 'Generate token' }));
    await notified(show, 'The token was not generated');
    expect(screen.queryByRole('dialog', { name: 'New API token' })).toBeNull();
  });

  it('the users list names the role of a service account', async () => {
    storeSession();
    renderApp('/admin/users', fakeServer(routes(robot)));
    const row = await screen.findByRole('row', { name: /robot@example\.com/ }, { timeout: 5000 });
    expect(within(row).getAllByText('Service account (read and write)').length).toBeGreaterThan(0);
  });
});

describe('second factors of a person', { timeout: 20_000 }, () => {
  it('resets the authenticator app after confirming; the user refreshes and the button goes', async () => {
    storeSession();
    let target = person({ totpEnabled: true });
    const server = fakeServer(
      routes(() => target, {
        'DELETE /user/p1/totp': () => {
          target = person({ totpEnabled: false });
          return noContent();
        },
      }),
    );
    const show = vi.spyOn(notifications, 'show');
    renderApp('/admin/users/p1', server);
    const box = await card('Two-factor sign-in');
    expect(screen.queryByRole('region', { name: 'API token' })).toBeNull();
    expect(within(box).getByText('Authenticator app').nextSibling?.textContent).toBe('On');
    expect(within(box).getByText('Passkeys').nextSibling?.textContent).toBe('None');
    expect(within(box).queryByRole('button', { name: 'Remove passkeys' })).toBeNull();

    fireEvent.click(within(box).getByRole('button', { name: 'Reset authenticator app' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the authenticator app of Grace Hopper?' });
    expect(within(confirm).getByText(/recovery codes stop working/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset authenticator app' }));
    await notified(show, 'The authenticator app of Grace Hopper was reset.');
    expect(calls(server, 'DELETE', '/user/p1/totp')).toBe(1);
    await waitFor(() => expect(within(box).queryByRole('button', { name: 'Reset authenticator app' })).toBeNull());
    expect(within(box).getByText('Grace Hopper has set up no second factor.')).toBeTruthy();
  });

  it('removes the passkeys after confirming; cancelling sends nothing', async () => {
    storeSession();
    let target = person({ hasPasskeys: true, totpEnabled: true });
    const server = fakeServer(
      routes(() => target, {
        'DELETE /user/p1/passkeys': () => {
          target = person({ hasPasskeys: false, totpEnabled: true });
          return noContent();
        },
      }),
    );
    const show = vi.spyOn(notifications, 'show');
    renderApp('/admin/users/p1', server);
    const box = await card('Two-factor sign-in');
    expect(within(box).getByText('Passkeys').nextSibling?.textContent).toBe('Registered');
    fireEvent.click(within(box).getByRole('button', { name: 'Remove passkeys' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove all passkeys of Grace Hopper?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(server, 'DELETE', '/user/p1/passkeys')).toBe(0);

    fireEvent.click(within(box).getByRole('button', { name: 'Remove passkeys' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove all passkeys of Grace Hopper?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove passkeys' }));
    await notified(show, 'The passkeys of Grace Hopper were removed.');
    await waitFor(() => expect(within(box).queryByRole('button', { name: 'Remove passkeys' })).toBeNull());
    expect(within(box).getByRole('button', { name: 'Reset authenticator app' })).toBeTruthy();
  });

  it('offers no buttons when nothing is set, nor on your own account', async () => {
    storeSession();
    renderApp('/admin/users/p1', fakeServer(routes(() => person())));
    const box = await card('Two-factor sign-in');
    expect(within(box).getByText('Grace Hopper has set up no second factor.')).toBeTruthy();
    expect(within(box).queryAllByRole('button')).toEqual([]);
  });

  it('on your own account points to your preferences instead', async () => {
    storeSession();
    const self = { ...orgAdmin, totpEnabled: true };
    renderApp('/admin/users/me', fakeServer({ ...routes(() => self), 'GET /user/me': () => json(self) }));
    const box = await card('Two-factor sign-in');
    expect(within(box).getByText('You manage your own second factors in your preferences.')).toBeTruthy();
    expect(within(box).queryAllByRole('button')).toEqual([]);
  });
});
