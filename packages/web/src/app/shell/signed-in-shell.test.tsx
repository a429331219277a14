import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS,
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
} from '../../test-support/render-app';

const navigation = () => screen.findByRole('navigation', { name: 'Main navigation' });

describe('session start', () => {
  it('shows a loading state until the stored session is checked', async () => {
    storeSession();
    renderApp('/search', fakeServer(signedInRoutes(user())));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
  });

  it('refreshes first when only the refresh token is left (a reload in a new tab)', async () => {
    localStorage.setItem('perch.refreshToken', 'refresh-0');
    const server = fakeServer({ 'POST /auth/refresh': () => json(CREDENTIALS), ...signedInRoutes(user()) });
    renderApp('/bookings', server);
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
    expect(server.calls.map((c) => `${c.method} ${c.path}`).slice(0, 1)).toEqual(['POST /auth/refresh']);
    expect(server.calls[0]?.body).toEqual({ refreshToken: 'refresh-0' });
    expect(sessionStorage.getItem('perch.accessToken')).toBe('access-1');
    expect(localStorage.getItem('perch.refreshToken')).toBe('refresh-1');
  });

  it('forgets the credentials and asks to sign in when the refresh is refused', async () => {
    localStorage.setItem('perch.refreshToken', 'stale');
    renderApp('/bookings', fakeServer({ 'POST /auth/refresh': () => json({ message: 'no' }, 401) }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(localStorage.getItem('perch.refreshToken')).toBeNull();
  });

  it('forgets the credentials when the server refuses the user', async () => {
    storeSession();
    renderApp('/search', fakeServer({ 'GET /user/me': () => json({ message: 'gone' }, 401) }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStorage.getItem('perch.accessToken')).toBeNull();
  });

  it('keeps the credentials when the server fails, and signs in once it answers again', async () => {
    storeSession();
    let down = true;
    const routes = signedInRoutes(user());
    const server = fakeServer({
      ...routes,
      'GET /user/me': (body) => (down ? json({ message: 'Bad gateway' }, 502) : routes['GET /user/me']!(body)),
    });
    renderApp('/bookings', server);
    expect(await screen.findByRole('heading', { level: 1, name: "Perch can't be reached" })).toBeTruthy();
    expect(sessionStorage.getItem('perch.accessToken')).toBe('access-1');
    expect(localStorage.getItem('perch.refreshToken')).toBe('refresh-1');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
  });

  it('keeps the refresh token when the refresh cannot reach the server', async () => {
    localStorage.setItem('perch.refreshToken', 'refresh-0');
    const offline = fakeServer({});
    renderApp('/bookings', { ...offline, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await screen.findByRole('heading', { level: 1, name: "Perch can't be reached" })).toBeTruthy();
    expect(localStorage.getItem('perch.refreshToken')).toBe('refresh-0');
  });
});

describe('signed-in layout', () => {
  it('shows the booking pages to a user, without buddies or administration by default', async () => {
    storeSession();
    renderApp('/search', fakeServer(signedInRoutes(user())));
    const nav = within(await navigation());
    expect(nav.getByRole('link', { name: 'Book a space' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'My bookings' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Preferences' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Buddies' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Administration' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' })).toBeTruthy();
  });

  it('offers buddies when names are shown and buddies are not disabled', async () => {
    storeSession();
    renderApp('/search', fakeServer(signedInRoutes(user(), { show_names: '1', disable_buddies: '0' })));
    expect(within(await navigation()).getByRole('link', { name: 'Buddies' })).toBeTruthy();
  });

  it('hides buddies when they are disabled even with names shown', async () => {
    storeSession();
    renderApp('/buddies', fakeServer(signedInRoutes(user(), { show_names: '1', disable_buddies: '1' })));
    expect(within(await navigation()).queryByRole('link', { name: 'Buddies' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('offers administration to space admins and above', async () => {
    storeSession();
    renderApp('/admin', fakeServer(signedInRoutes(user({ role: 10, spaceAdmin: true }))));
    const nav = within(await navigation());
    expect(nav.getByRole('link', { name: 'Administration' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Areas' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Space attributes' })).toBeTruthy();
    // Groups are for organisation admins.
    expect(nav.queryByRole('link', { name: 'Groups' })).toBeNull();
  });

  it('offers groups to organisation admins', async () => {
    storeSession();
    renderApp('/admin', fakeServer(signedInRoutes(user({ role: 20, admin: true, spaceAdmin: true }))));
    expect(within(await navigation()).getByRole('link', { name: 'Groups' })).toBeTruthy();
  });

  it('tells a space admin that groups are for organisation admins', async () => {
    storeSession();
    renderApp('/admin/groups', fakeServer(signedInRoutes(user({ role: 10, spaceAdmin: true }))));
    expect(await screen.findByRole('heading', { name: "You don't have access" })).toBeTruthy();
  });

  it('tells a regular user they have no access to administration', async () => {
    storeSession();
    renderApp('/admin/users', fakeServer(signedInRoutes(user())));
    expect(await screen.findByRole('heading', { name: "You don't have access" })).toBeTruthy();
  });

  it('shows a 404 page for unknown routes', async () => {
    storeSession();
    renderApp('/no/such/page', fakeServer(signedInRoutes(user())));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toBeTruthy();
  });

  it('sends signed-out visitors to sign in', async () => {
    renderApp('/preferences', fakeServer({}));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('signs out on the server and here, then shows the sign-in page', async () => {
    storeSession();
    const server = fakeServer(signedInRoutes(user()));
    renderApp('/search', server);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu of Ada Lovelace' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(server.calls.some((c) => c.path === '/auth/logout/current')).toBe(true));
    expect(sessionStorage.getItem('perch.accessToken')).toBeNull();
    expect(localStorage.getItem('perch.refreshToken')).toBeNull();
  });
});
