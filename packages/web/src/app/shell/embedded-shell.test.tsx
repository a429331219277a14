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
  type FakeRoutes,
} from '../../test-support/render-app';
import { EMBEDDED_STORAGE_KEY } from '../embedded/embedded-mode';

const TICKET = '0b9e2d1c-7d0a-4c51-9d55-3f1f7e0b6a21';
const WIKI_USER = user({
  id: 'wiki-1',
  email: 'ada@example.com',
  firstname: '',
  lastname: '',
  atlassianId: 'ada@example.com',
  requirePassword: false,
});
const noContent = () => new Response(null, { status: 204 });
const navigation = () => screen.findByRole('navigation', { name: 'Main navigation' });

function embedded(): void {
  sessionStorage.setItem(EMBEDDED_STORAGE_KEY, '1');
}

describe('embedded layout (inside the team wiki)', { timeout: 15_000 }, () => {
  it('comes with the wiki’s sign-in: icons instead of the menu, no sign-out, no administration', async () => {
    const admin = user({ role: 20, admin: true, spaceAdmin: true });
    const server = fakeServer({
      [`GET /auth/verify/${TICKET}`]: () => json(CREDENTIALS),
      ...signedInRoutes(admin),
      'GET /user/merge': () => json([]),
    });
    renderApp(`/login/success/${TICKET}/?embedded=1&redir=%2Fbookings`, server);
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
    expect(sessionStorage.getItem(EMBEDDED_STORAGE_KEY)).toBe('1');

    const nav = within(await navigation());
    // Icon links, named by their labels (the tooltip shows the same words).
    expect(nav.getByRole('link', { name: 'Book a space' }).textContent).toBe('');
    expect(nav.getByRole('link', { name: 'My bookings' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Preferences' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Administration' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Approvals' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    const newTab = await screen.findByRole('menuitem', { name: 'Open Perch in a new tab' });
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
    expect(newTab.getAttribute('target')).toBe('_blank');
    expect(newTab.getAttribute('href')).toMatch(/\/ui\/$/);
    // An account of its own (no wiki identity) has nothing to merge.
    expect(screen.queryByRole('button', { name: 'Merge into my regular account' })).toBeNull();
  });

  it('keeps the full layout outside the wiki', async () => {
    storeSession();
    renderApp('/bookings', fakeServer({ ...signedInRoutes(user()), 'GET /user/merge': () => json([]) }));
    const nav = within(await navigation());
    expect(nav.getByRole('link', { name: 'Book a space' }).textContent).toContain('Book a space');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it('asks to sign in through the wiki again instead of showing the sign-in form', async () => {
    embedded();
    renderApp('/bookings', fakeServer({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in through the wiki' })).toBeTruthy();
    expect(screen.getByText(/reload the wiki page to sign in again/)).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(screen.getByRole('link', { name: /Open Perch in a new tab/ }).getAttribute('target')).toBe('_blank');
  });

  it('lets the wiki’s account ask to be merged into a regular account', async () => {
    embedded();
    storeSession();
    let refuse = true;
    const server = fakeServer({
      ...signedInRoutes(WIKI_USER),
      'GET /user/merge': () => json([]),
      'POST /user/merge/init': () => (refuse ? json({ message: 'Not found' }, 404) : noContent()),
    });
    renderApp('/bookings', server);
    fireEvent.click(await screen.findByRole('button', { name: 'Merge into my regular account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Merge into my regular account' }));
    const email = dialog.getByRole('textbox', { name: /Email of your regular account/ });

    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request merge' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Invalid email address.');
    expect(server.calls.some((c) => c.path === '/user/merge/init')).toBe(false);

    fireEvent.change(email, { target: { value: ' ada.lovelace@example.com ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request merge' }));
    expect(await dialog.findByText('There is no active account with this email in your organisation.')).toBeTruthy();

    refuse = false;
    fireEvent.click(dialog.getByRole('button', { name: 'Request merge' }));
    expect(await dialog.findByText('Now accept it in Perch')).toBeTruthy();
    expect(dialog.getByText(/as ada\.lovelace@example\.com and accept/)).toBeTruthy();
    const open = dialog.getByRole('link', { name: 'Open Perch' });
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('href')).toMatch(/\/ui\/preferences\?tab=security$/);
    expect(server.calls.filter((c) => c.path === '/user/merge/init').at(-1)?.body).toEqual({
      email: 'ada.lovelace@example.com',
    });
  });

  it('does not offer the merge to a regular account that took a wiki account over', async () => {
    embedded();
    storeSession();
    const merged = user({ email: 'ada.lovelace@example.com', atlassianId: 'ada@example.com' });
    renderApp('/bookings', fakeServer({ ...signedInRoutes(merged), 'GET /user/merge': () => json([]) }));
    expect(await screen.findByRole('button', { name: 'Account menu of Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Merge into my regular account' })).toBeNull();
  });
});

describe('merge requests of the signed-in account', { timeout: 15_000 }, () => {
  const REQUEST = {
    id: 'm1',
    userId: 'wiki-1',
    email: 'ada@wiki.example.com',
    wikiIdentity: 'ada@wiki.example.com',
    moves: { bookings: 2, series: 0, buddies: 1, groups: 0 },
    expiresAt: '2030-01-01T10:00:00.000Z',
  };

  function mergeServer(extra: FakeRoutes = {}) {
    let pending = [REQUEST];
    return fakeServer({
      ...signedInRoutes(user()),
      'GET /user/merge': () => json(pending),
      'GET /booking/': () => json([]),
      [`POST /user/merge/finish/${REQUEST.id}`]: () => {
        pending = [];
        return noContent();
      },
      [`DELETE /user/merge/${REQUEST.id}`]: () => {
        pending = [];
        return noContent();
      },
      ...extra,
    });
  }

  it('shows no bell while nothing waits', async () => {
    storeSession();
    const server = fakeServer({ ...signedInRoutes(user()), 'GET /user/merge': () => json([]) });
    renderApp('/bookings', server);
    await navigation();
    await waitFor(() => expect(server.calls.some((c) => c.path === '/user/merge')).toBe(true));
    expect(screen.queryByRole('button', { name: /merge request/ })).toBeNull();
  });

  it('rings with the number waiting; accepting (after a confirmation) loads everything again', async () => {
    storeSession();
    const server = mergeServer();
    renderApp('/bookings', server);
    fireEvent.click(await screen.findByRole('button', { name: '1 merge request is waiting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Merge requests' }));
    expect(dialog.getByText('ada@wiki.example.com')).toBeTruthy();
    const meCalls = () => server.calls.filter((c) => c.path === '/user/me').length;
    const bookingCalls = () => server.calls.filter((c) => c.path === '/booking/').length;
    const before = { me: meCalls(), bookings: bookingCalls() };

    fireEvent.click(dialog.getByRole('button', { name: 'Accept the request of ada@wiki.example.com' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Merge this account into yours?' }));
    expect(confirm.getByText(/ada@wiki\.example\.com asks to be merged into your account/)).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/user/merge/finish'))).toBe(false);
    fireEvent.change(confirm.getByLabelText(/^Your password/), { target: { value: 'Secret!pass1' } });
    fireEvent.click(confirm.getByRole('button', { name: 'Merge accounts' }));

    await waitFor(() => expect(server.calls.some((c) => c.path === '/user/merge/finish/m1')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: /merge request/ })).toBeNull());
    // The bookings that came along show, and the user (perhaps a higher role now) is read again.
    await waitFor(() => expect(bookingCalls()).toBeGreaterThan(before.bookings));
    await waitFor(() => expect(meCalls()).toBeGreaterThan(before.me));
  });

  it('declines in the preferences after a confirmation; a request gone meanwhile leaves the list', async () => {
    storeSession();
    const server = mergeServer({ [`DELETE /user/merge/${REQUEST.id}`]: () => json({ message: 'gone' }, 404) });
    renderApp('/preferences?tab=security', server);
    const section = within(await screen.findByRole('region', { name: 'Account merge' }));
    fireEvent.click(section.getByRole('button', { name: 'Decline the request of ada@wiki.example.com' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Decline the merge request?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/user/merge/m1')).toBe(true),
    );
    // The list is asked again, so a request someone else answered disappears.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/user/merge').length).toBeGreaterThan(1));
  });

  it('offers the wiki’s account the merge in the preferences too', async () => {
    storeSession();
    renderApp(
      '/preferences?tab=security',
      fakeServer({
        ...signedInRoutes(WIKI_USER),
        'GET /user/merge': () => json([]),
        'GET /user/sessions': () => json([]),
      }),
    );
    const section = within(await screen.findByRole('region', { name: 'Account merge' }));
    fireEvent.click(section.getByRole('button', { name: 'Merge into my regular account' }));
    expect(await screen.findByRole('dialog', { name: 'Merge into my regular account' })).toBeTruthy();
  });
});
