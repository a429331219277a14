import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '../../app/leave-app';
import { createQueryClient } from '../../app/query-client';
import { AppRoutes } from '../../app/routes';
import { SessionProvider } from '../../app/session/SessionProvider';
import { createWebApi } from '../../app/session/web-client';
import { theme } from '../../app/theme';
import {
  CREDENTIALS,
  fakeServer,
  json,
  PREFLIGHT,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeServer,
} from '../../test-support/render-app';

vi.mock('../../app/leave-app', () => ({ leaveApp: vi.fn() }));
const leftFor = vi.mocked(leaveApp);

const TICKET = '9a6a2b5e-1a1f-4f43-9a51-0f3c8cbd0c11';
const PROVIDER_CREDENTIALS = {
  ...CREDENTIALS,
  logoutUrl: 'https://idp.example.com/logout?post_logout_redirect_uri=https%3A%2F%2Fperch.example.com%2Fui%2Flogin',
  profilePageUrl: 'https://idp.example.com/account',
};

function verifyCalls(server: FakeServer) {
  return server.calls.filter((c) => c.path === `/auth/verify/${TICKET}`);
}

async function submitEmail(): Promise<void> {
  fireEvent.change(await screen.findByLabelText(/email address/i), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeEach(() => leftFor.mockReset());

describe('signing in through a provider', { timeout: 15_000 }, () => {
  it('redeems the ticket once, keeps the provider URLs with the session and goes on to redir', async () => {
    const server = fakeServer({
      [`GET /auth/verify/${TICKET}`]: () => json(PROVIDER_CREDENTIALS),
      ...signedInRoutes(user()),
    });
    renderApp(`/login/success/${TICKET}/?redir=%2Fbookings`, server);
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
    expect(verifyCalls(server)).toHaveLength(1);
    expect(sessionStorage.getItem('perch.accessToken')).toBe('access-1');
    expect(localStorage.getItem('perch.refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('perch.logoutUrl')).toBe(PROVIDER_CREDENTIALS.logoutUrl);
    expect(localStorage.getItem('perch.profilePageUrl')).toBe(PROVIDER_CREDENTIALS.profilePageUrl);
  });

  it('asks the server only once under StrictMode, whose effects run twice', async () => {
    const server = fakeServer({
      [`GET /auth/verify/${TICKET}`]: () => json(CREDENTIALS),
      ...signedInRoutes(user()),
    });
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <SessionProvider createApi={(onSignedOut) => createWebApi({ onSignedOut, fetch: server.fetch })}>
              <ModalsProvider>
                <AppRoutes />
              </ModalsProvider>
            </SessionProvider>
          ),
        },
      ],
      { initialEntries: [`/login/success/${TICKET}/`] },
    );
    render(
      <StrictMode>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={createQueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(verifyCalls(server)).toHaveLength(1);
  });

  it('follows only paths of the app after signing in', async () => {
    const server = fakeServer({
      [`GET /auth/verify/${TICKET}`]: () => json(CREDENTIALS),
      ...signedInRoutes(user()),
    });
    renderApp(`/login/success/${TICKET}/?redir=%2F%2Fevil.example%2Fsteal`, server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
  });

  it('says when the ticket has expired or was used, and leads back without the automatic redirect', async () => {
    const server = fakeServer({ [`GET /auth/verify/${TICKET}`]: () => json({ message: 'gone' }, 404) });
    renderApp(`/login/success/${TICKET}/`, server);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in has expired or was already used. Please sign in again.',
    );
    expect(screen.getByRole('heading', { name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login?noredirect=1');
    expect(sessionStorage.getItem('perch.accessToken')).toBeNull();
  });

  it('explains a ticket of an account bound to another provider (403)', async () => {
    const server = fakeServer({ [`GET /auth/verify/${TICKET}`]: () => json({ message: 'other' }, 403) });
    renderApp(`/login/success/${TICKET}/`, server);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your account signs in another way/);
  });
});

describe('the failed page', { timeout: 15_000 }, () => {
  it('says the account may not be activated when the person may not sign in', async () => {
    renderApp('/login/failed/?reason=login', fakeServer({}));
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Sign-in failed: your account may not be activated in this organisation. Ask your administrator.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login?noredirect=1');
  });

  it('shows a sign-in error with the provider’s own words', async () => {
    renderApp(
      '/login/failed/?reason=userinfo&error=access_denied&error_description=The+user+cancelled',
      fakeServer({}),
    );
    expect(await screen.findByRole('heading', { name: 'Sign-in error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/answer of the sign-in provider could not be used/);
    expect(screen.getByText('What the sign-in provider said')).toBeTruthy();
    expect(screen.getByText(/access_denied\s+The user cancelled/)).toBeTruthy();
  });

  it('asks to try again when the sign-in took too long or was replayed', async () => {
    renderApp('/login/failed/?reason=expired', fakeServer({}));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in took too long or was used twice. Please try again.',
    );
    expect(screen.queryByText('What the sign-in provider said')).toBeNull();
  });

  it('asks a password account to sign in with it and link the provider, without the server’s English', async () => {
    renderApp(
      '/login/failed/?reason=link&error=link_required&error_description=The+account+has+a+password%3A+its+owner+links+it',
      fakeServer({}),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This account has a password: sign in with it, then link the sign-in provider under Preferences › Security. From then on you sign in through the provider.',
    );
    expect(screen.queryByText('What the sign-in provider said')).toBeNull();
    expect(screen.queryByText(/link_required|its owner links it/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login?noredirect=1');
  });

  it('says a link did not happen when the provider signed in another email, and leads back to the preferences', async () => {
    renderApp(
      '/login/failed/?reason=link&error=email_mismatch&error_description=The+provider+signed+in+eve%40example.com',
      fakeServer({}),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Account not linked' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^The sign-in provider signed in someone with another email address than your account's, so your account was not linked\./,
    );
    expect(screen.queryByText('What the sign-in provider said')).toBeNull();
    expect(screen.queryByText(/eve@example\.com|email_mismatch/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Preferences' }).getAttribute('href')).toBe(
      '/preferences?tab=security',
    );
  });

  it('explains a link failure it has no more words for', async () => {
    renderApp('/login/failed/?reason=link&error=something_new', fakeServer({}));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account is not linked to the sign-in provider yet. Sign in with your password, then link it under Preferences › Security.',
    );
    expect(screen.queryByText('something_new')).toBeNull();
  });

  it('has a general message for a reason it does not know', async () => {
    renderApp('/login/failed/?reason=toString', fakeServer({}));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occurred while signing you in. Please try again.',
    );
    expect(screen.getByRole('heading', { name: 'Sign-in error' })).toBeTruthy();
  });
});

describe('the provider choice', { timeout: 15_000 }, () => {
  const onlyProvider = { ...PREFLIGHT, authProviders: [{ id: 'p1', name: 'Acme SSO' }], requirePassword: false };

  it('goes straight to the only provider when nobody signs in with a password', async () => {
    renderApp('/login?redir=%2Fbookings', fakeServer({ 'POST /auth/preflight': () => json(onlyProvider) }));
    await submitEmail();
    expect(await screen.findByText('Taking you to Acme SSO…')).toBeTruthy();
    await waitFor(() => expect(leftFor).toHaveBeenCalledWith('/auth/p1/login/ui/?redir=%2Fbookings'));
  });

  it('stays on the choice with ?noredirect=1 (back from the provider)', async () => {
    renderApp('/login?noredirect=1', fakeServer({ 'POST /auth/preflight': () => json(onlyProvider) }));
    await submitEmail();
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toBeTruthy();
    expect(screen.queryByText('Taking you to Acme SSO…')).toBeNull();
    expect(leftFor).not.toHaveBeenCalled();
  });

  it('stays on the choice when people of the organisation also sign in with a password', async () => {
    renderApp('/login', fakeServer({ 'POST /auth/preflight': () => json({ ...onlyProvider, requirePassword: true }) }));
    await submitEmail();
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with email and password' })).toBeTruthy();
    expect(leftFor).not.toHaveBeenCalled();
  });

  it('keeps saying there is no way in when there are no providers and no passwords', async () => {
    renderApp(
      '/login',
      fakeServer({ 'POST /auth/preflight': () => json({ ...PREFLIGHT, disablePasswordLogin: true }) }),
    );
    await submitEmail();
    expect((await screen.findByRole('alert')).textContent).toBe('No authentication providers for your user.');
  });
});

describe('signed in through a provider', { timeout: 15_000 }, () => {
  it('links to the provider profile and signs out through the provider’s logout URL', async () => {
    storeSession();
    localStorage.setItem('perch.logoutUrl', PROVIDER_CREDENTIALS.logoutUrl);
    localStorage.setItem('perch.profilePageUrl', PROVIDER_CREDENTIALS.profilePageUrl);
    const server = fakeServer(signedInRoutes(user()));
    renderApp('/search', server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    // Read the open menu at once: in jsdom Mantine closes it again after its transition.
    const items = await screen.findAllByRole('menuitem');
    const profile = items.find((item) => item.textContent === 'My account at the sign-in provider');
    expect(profile?.getAttribute('href')).toBe(PROVIDER_CREDENTIALS.profilePageUrl);
    fireEvent.click(items.find((item) => item.textContent === 'Sign out')!);
    await waitFor(() => expect(leftFor).toHaveBeenCalledWith(PROVIDER_CREDENTIALS.logoutUrl));
    expect(server.calls.some((c) => c.path === '/auth/logout/current')).toBe(true);
    expect(localStorage.getItem('perch.refreshToken')).toBeNull();
    expect(localStorage.getItem('perch.logoutUrl')).toBeNull();
  });
});
