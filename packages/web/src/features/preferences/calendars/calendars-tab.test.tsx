import { notifications } from '@mantine/notifications';
import type { CaldavStatus, CalendarFeed, UserMe } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../test-support/render-app';
import { caldavRefetchInterval } from '../api/calendar-queries';

const noContent = () => new Response(null, { status: 204 });

const NOT_CONNECTED: CaldavStatus = {
  connected: false,
  url: '',
  username: '',
  path: '',
  lastSyncAt: null,
  lastError: '',
  lastErrorAt: null,
  pending: 0,
};

const CONNECTED: CaldavStatus = {
  connected: true,
  url: 'https://dav.example.com/',
  username: 'alice',
  path: '/alice/work/',
  lastSyncAt: '2030-09-01T06:30:00Z',
  lastError: '',
  lastErrorAt: null,
  pending: 0,
};

const NO_FEED: CalendarFeed = { url: null, webcalUrl: null, createdAt: null, lastPolledAt: null };
const feed = (token: string): CalendarFeed => ({
  url: `https://perch.example.com/calendar-feed/${token}.ics`,
  webcalUrl: `webcal://perch.example.com/calendar-feed/${token}.ics`,
  createdAt: '2030-09-01T07:00:00Z',
  lastPolledAt: null,
});

/** A signed-in server with the calendar routes given; every request's full address is kept. */
function calendarServer(routes: FakeRoutes, me: UserMe = user(), preferences: Record<string, string> = {}) {
  const server = fakeServer({
    ...signedInRoutes(me),
    'GET /preference/': () =>
      json(
        Object.entries({ date_format: 'd.m.Y', use_24_hour_time: '1', timezone: 'Europe/Berlin', ...preferences }).map(
          ([name, value]) => ({ name, value }),
        ),
      ),
    'GET /preference/caldav/connection': () => json(NOT_CONNECTED),
    'GET /preference/calendar-feed': () => json(NO_FEED),
    ...routes,
  });
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return server.fetch(input, init);
  };
  return { ...server, fetch, urls };
}

function openTab(server: ReturnType<typeof calendarServer>) {
  storeSession();
  renderApp('/preferences?tab=calendars', server);
}

const section = (name: string) => screen.findByRole('region', { name });
const calls = (server: ReturnType<typeof calendarServer>, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && c.path === path);

/** Waits for a notification whose title or message is `text`. */
const notified = (show: MockInstance<typeof notifications.show>, text: string) =>
  waitFor(() => expect(show.mock.calls.some(([n]) => n.message === text || n.title === text)).toBe(true));

afterEach(() => vi.restoreAllMocks());

describe('notifications & calendars tab: mails', { timeout: 20_000 }, () => {
  it('saves the mail switches and language with the page', async () => {
    let saved: unknown = null;
    const server = calendarServer({
      'PUT /preference/': (body) => {
        saved = body;
        return noContent();
      },
    });
    openTab(server);
    const mails = await section('Mail notifications');
    expect(within(mails).queryByRole('switch', { name: /bookings to approve/ })).toBeNull();
    const notify = within(mails).getByRole('switch', { name: /Mails about my bookings/ });
    expect((notify as HTMLInputElement).checked).toBe(false);
    fireEvent.click(notify);
    fireEvent.click(within(mails).getByRole('switch', { name: /Reminder before a booking/ }));

    const language = within(mails).getByRole('textbox', { name: 'Language of the mails' });
    expect((language as HTMLInputElement).value).toBe('Organisation language (English)');
    fireEvent.click(language);
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch', hidden: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { name: 'mail_notifications', value: '1' },
        { name: 'mail_reminder', value: '1' },
        { name: 'mail_language', value: 'de' },
      ]),
    );
  });

  it('offers check-in reminders, on unless turned off, only where check-in is used', async () => {
    let saved: unknown = null;
    const server = calendarServer({
      'GET /setting/': () => json([{ name: 'checkin_mode', value: '1' }]),
      'PUT /preference/': (body) => {
        saved = body;
        return noContent();
      },
    });
    openTab(server);
    const mails = await section('Mail notifications');
    const reminders = await within(mails).findByRole('switch', { name: /Check-in reminders/ });
    expect((reminders as HTMLInputElement).checked).toBe(true);
    fireEvent.click(reminders);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'mail_checkin_reminder', value: '0' }]));
  });

  it('shows the check-in reminder switch where only an area asks for check-ins', async () => {
    const area = { id: 'a1', name: 'Second floor', enabled: true, checkinMode: 2 };
    const withArea = calendarServer({ 'GET /location/': () => json([area]) });
    openTab(withArea);
    const mails = await section('Mail notifications');
    expect(await within(mails).findByRole('switch', { name: /Check-in reminders/ })).toBeTruthy();
  });

  it('hides the check-in reminder switch where nobody checks in', async () => {
    const server = calendarServer({ 'GET /location/': () => json([{ id: 'a1', name: 'Floor', enabled: true }]) });
    openTab(server);
    const mails = await section('Mail notifications');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/location/')).toBe(true));
    expect(within(mails).queryByRole('switch', { name: /Check-in reminders/ })).toBeNull();
  });

  it('offers mails about approvals to space admins', async () => {
    const server = calendarServer({}, user({ role: 10, spaceAdmin: true }), { approval_notifications: '1' });
    openTab(server);
    const mails = await section('Mail notifications');
    const approvals = within(mails).getByRole('switch', { name: /Mails about bookings to approve/ });
    expect((approvals as HTMLInputElement).checked).toBe(true);
  });
});

describe('notifications & calendars tab: CalDAV', { timeout: 20_000 }, () => {
  it('finds the calendars, connects one and then shows its status', async () => {
    let status = NOT_CONNECTED;
    const server = calendarServer({
      'GET /preference/caldav/connection': () => json(status),
      'POST /preference/caldav/listCalendars': () =>
        json([
          { path: '/alice/work/', name: 'Work' },
          { path: '/alice/home/', name: 'Home' },
        ]),
      'PUT /preference/caldav/connection': () => {
        status = { ...CONNECTED, lastSyncAt: null, pending: 2 };
        return noContent();
      },
    });
    openTab(server);
    const caldav = await section('CalDAV calendar');
    expect(await within(caldav).findByText('Not connected')).toBeTruthy();

    fireEvent.click(within(caldav).getByRole('button', { name: 'Find calendars' }));
    expect(await within(caldav).findByText('Enter an address that starts with https:// or http://.')).toBeTruthy();
    expect(calls(server, 'POST', '/preference/caldav/listCalendars')).toHaveLength(0);

    fireEvent.change(within(caldav).getByRole('textbox', { name: /Server address/ }), {
      target: { value: 'https://dav.example.com/' },
    });
    fireEvent.change(within(caldav).getByRole('textbox', { name: /User name/ }), { target: { value: 'alice' } });
    fireEvent.change(within(caldav).getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(within(caldav).getByRole('button', { name: 'Find calendars' }));
    expect(await within(caldav).findByText('2 calendars found.')).toBeTruthy();
    expect(calls(server, 'POST', '/preference/caldav/listCalendars')[0]?.body).toEqual({
      url: 'https://dav.example.com/',
      username: 'alice',
      password: 'secret',
    });

    fireEvent.click(within(caldav).getByRole('button', { name: 'Connect' }));
    expect(await within(caldav).findByText('Choose a calendar.')).toBeTruthy();
    fireEvent.click(within(caldav).getByRole('textbox', { name: /^Calendar/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Work', hidden: true }));
    fireEvent.click(within(caldav).getByRole('button', { name: 'Connect' }));

    const facts = await within(caldav).findByLabelText('Connection');
    expect(calls(server, 'PUT', '/preference/caldav/connection')[0]?.body).toEqual({
      url: 'https://dav.example.com/',
      username: 'alice',
      password: 'secret',
      path: '/alice/work/',
    });
    expect(facts.textContent).toContain('https://dav.example.com/');
    expect(facts.textContent).toContain('/alice/work/');
    expect(facts.textContent).toContain('Not yet');
    expect(facts.textContent).toContain('2 bookings waiting to be added');
    expect(within(caldav).getByText('Connected')).toBeTruthy();
  });

  it('says when the server cannot be reached or refuses, with its reason', async () => {
    const server = calendarServer({
      'POST /preference/caldav/listCalendars': () =>
        json(
          {
            message:
              'CalDAV connection error (check URL and credentials): The calendar server refused the user name or password',
          },
          404,
        ),
    });
    openTab(server);
    const caldav = await section('CalDAV calendar');
    fireEvent.change(await within(caldav).findByRole('textbox', { name: /Server address/ }), {
      target: { value: 'https://dav.example.com/' },
    });
    fireEvent.change(within(caldav).getByRole('textbox', { name: /User name/ }), { target: { value: 'alice' } });
    fireEvent.change(within(caldav).getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(within(caldav).getByRole('button', { name: 'Find calendars' }));
    const alert = await within(caldav).findByRole('alert');
    expect(alert.textContent).toBe(
      'Error connecting to the CalDAV server. Check URL and credentials.' +
        'The server said: The calendar server refused the user name or password',
    );
  });

  it('shows the server reason when connecting is refused', async () => {
    const server = calendarServer({
      'POST /preference/caldav/listCalendars': () => json([{ path: '/alice/work/', name: 'Work' }]),
      'PUT /preference/caldav/connection': () => json({ message: 'The calendar /alice/work/ does not exist' }, 400),
    });
    openTab(server);
    const caldav = await section('CalDAV calendar');
    fireEvent.change(await within(caldav).findByRole('textbox', { name: /Server address/ }), {
      target: { value: 'https://dav.example.com/' },
    });
    fireEvent.change(within(caldav).getByRole('textbox', { name: /User name/ }), { target: { value: 'alice' } });
    fireEvent.change(within(caldav).getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(within(caldav).getByRole('button', { name: 'Find calendars' }));
    // One calendar is chosen at once.
    expect(await within(caldav).findByText('1 calendar found.')).toBeTruthy();
    fireEvent.click(within(caldav).getByRole('button', { name: 'Connect' }));
    const alert = await within(caldav).findByRole('alert');
    expect(alert.textContent).toContain('Error connecting to the CalDAV server. Check URL and credentials.');
    expect(alert.textContent).toContain('The server said: The calendar /alice/work/ does not exist');
  });

  it('shows a sync problem, what waits, and tests the connection', async () => {
    const server = calendarServer({
      'GET /preference/caldav/connection': () =>
        json({
          ...CONNECTED,
          pending: 1,
          lastError: 'PUT /alice/work/x.ics: 507 Insufficient Storage',
          lastErrorAt: '2030-09-01T08:15:00Z',
        }),
      'POST /preference/caldav/connection/test': () => json({ message: 'Sign-in refused (401)' }, 400),
    });
    const show = vi.spyOn(notifications, 'show');
    openTab(server);
    const caldav = await section('CalDAV calendar');
    expect(await within(caldav).findByText('Sync problem')).toBeTruthy();
    const facts = within(caldav).getByLabelText('Connection');
    // The user's zone (Berlin) and formats (d.m.Y, 24 h).
    expect(facts.textContent).toContain('01.09.2030, 08:30');
    expect(facts.textContent).toContain('1 booking waiting to be added');
    const problem = within(caldav).getByRole('alert');
    expect(problem.textContent).toContain('Error connecting to the CalDAV server.');
    expect(problem.textContent).toContain('The server said: PUT /alice/work/x.ics: 507 Insufficient Storage');
    expect(problem.textContent).toContain('Last failed attempt: \u206801.09.2030, 10:15\u2069');

    fireEvent.click(within(caldav).getByRole('button', { name: 'Test connection' }));
    await notified(show, 'Sign-in refused (401)');
    expect(calls(server, 'POST', '/preference/caldav/connection/test')).toHaveLength(1);
  });

  it('confirms a working connection', async () => {
    const server = calendarServer({
      'GET /preference/caldav/connection': () => json(CONNECTED),
      'POST /preference/caldav/connection/test': noContent,
    });
    const show = vi.spyOn(notifications, 'show');
    openTab(server);
    const caldav = await section('CalDAV calendar');
    fireEvent.click(await within(caldav).findByRole('button', { name: 'Test connection' }));
    await notified(show, 'The connection works: Perch reached your calendar.');
  });

  it('changes the calendar keeping the saved password', async () => {
    const server = calendarServer({
      'GET /preference/caldav/connection': () => json(CONNECTED),
      'PUT /preference/caldav/connection': noContent,
    });
    openTab(server);
    const caldav = await section('CalDAV calendar');
    fireEvent.click(await within(caldav).findByRole('button', { name: 'Change calendar' }));
    expect((within(caldav).getByRole('textbox', { name: /Server address/ }) as HTMLInputElement).value).toBe(
      'https://dav.example.com/',
    );
    expect((within(caldav).getByRole('textbox', { name: /^Calendar/ }) as HTMLInputElement).value).toBe(
      'Current calendar (/alice/work/)',
    );
    fireEvent.click(within(caldav).getByRole('button', { name: 'Find calendars' }));
    expect(await within(caldav).findByText('Enter the password to list the calendars of this account.')).toBeTruthy();
    fireEvent.click(within(caldav).getByRole('button', { name: 'Save connection' }));
    await waitFor(() =>
      expect(calls(server, 'PUT', '/preference/caldav/connection')[0]?.body).toEqual({
        url: 'https://dav.example.com/',
        username: 'alice',
        path: '/alice/work/',
      }),
    );
    expect(await within(caldav).findByRole('button', { name: 'Change calendar' })).toBeTruthy();
  });

  it('asks for the password when the user name changes', async () => {
    const server = calendarServer({ 'GET /preference/caldav/connection': () => json(CONNECTED) });
    openTab(server);
    const caldav = await section('CalDAV calendar');
    fireEvent.click(await within(caldav).findByRole('button', { name: 'Change calendar' }));
    fireEvent.change(within(caldav).getByRole('textbox', { name: /User name/ }), { target: { value: 'bob' } });
    // Without the password nothing of the other account can be listed or kept.
    expect(within(caldav).queryByRole('button', { name: 'Save connection' })).toBeNull();
    fireEvent.click(within(caldav).getByRole('button', { name: 'Cancel' }));
    expect(await within(caldav).findByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it('disconnects, removing the events on request, and says how that went', async () => {
    let status = CONNECTED;
    const server = calendarServer({
      'GET /preference/caldav/connection': () => json(status),
      'DELETE /preference/caldav/connection': () => {
        status = NOT_CONNECTED;
        return json({ removed: 3, failed: 1 });
      },
    });
    openTab(server);
    const caldav = await section('CalDAV calendar');
    fireEvent.click(await within(caldav).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect the calendar?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Also remove the events Perch added/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await within(caldav).findByText('3 events were removed from the calendar.')).toBeTruthy();
    expect(within(caldav).getByText('1 event could not be removed. Delete it in your calendar app.')).toBeTruthy();
    expect(server.urls.some((u) => u.endsWith('/preference/caldav/connection?removeEvents=1'))).toBe(true);
    expect(await within(caldav).findByRole('button', { name: 'Find calendars' })).toBeTruthy();
  });

  it('keeps the events when not asked to remove them', async () => {
    let status = CONNECTED;
    const server = calendarServer({
      'GET /preference/caldav/connection': () => json(status),
      'DELETE /preference/caldav/connection': () => {
        status = NOT_CONNECTED;
        return json({ removed: 0, failed: 0 });
      },
    });
    openTab(server);
    const caldav = await section('CalDAV calendar');
    fireEvent.click(await within(caldav).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect the calendar?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(caldav).findByText('The events Perch added stay in the calendar.')).toBeTruthy();
    expect(server.urls.some((u) => u.endsWith('/preference/caldav/connection'))).toBe(true);
    expect(server.urls.some((u) => u.includes('removeEvents'))).toBe(false);
  });

  it('polls only while bookings wait to be written', () => {
    expect(caldavRefetchInterval({ ...CONNECTED, pending: 2 })).toBe(10_000);
    expect(caldavRefetchInterval(CONNECTED)).toBe(false);
    expect(caldavRefetchInterval(undefined)).toBe(false);
  });
});

describe('notifications & calendars tab: calendar feed', { timeout: 20_000 }, () => {
  it('creates the link, resets it after a warning and turns it off', async () => {
    let current = NO_FEED;
    let made = 0;
    const server = calendarServer({
      'GET /preference/calendar-feed': () => json(current),
      'POST /preference/calendar-feed': () => {
        made += 1;
        current = feed(`token${made}`);
        return json(current);
      },
      'DELETE /preference/calendar-feed': () => {
        current = NO_FEED;
        return noContent();
      },
    });
    openTab(server);
    const box = await section('Calendar feed');
    expect(within(box).getByText(/Google Calendar, Outlook or Apple Calendar/)).toBeTruthy();
    fireEvent.click(await within(box).findByRole('button', { name: 'Create feed link' }));

    const link = await within(box).findByRole('textbox', { name: 'Feed link' });
    expect((link as HTMLInputElement).value).toBe('https://perch.example.com/calendar-feed/token1.ics');
    expect((link as HTMLInputElement).readOnly).toBe(true);
    expect(within(box).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
      'webcal://perch.example.com/calendar-feed/token1.ics',
    );
    expect(within(box).getByText(/Created \u206801\.09\.2030, 09:00\u2069/)).toBeTruthy();
    expect(within(box).getByText(/Not fetched by a calendar app yet/)).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: 'Reset link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the feed link?' });
    expect(confirm.textContent).toContain('The current link stops working at once.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset link' }));
    await waitFor(() =>
      expect((within(box).getByRole('textbox', { name: 'Feed link' }) as HTMLInputElement).value).toBe(
        'https://perch.example.com/calendar-feed/token2.ics',
      ),
    );

    fireEvent.click(within(box).getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    fireEvent.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await within(box).findByRole('button', { name: 'Create feed link' })).toBeTruthy();
    expect(calls(server, 'DELETE', '/preference/calendar-feed')).toHaveLength(1);
  });
});
