import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { UserMe } from '@perch/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '../../../app/leave-app';
import { createQueryClient } from '../../../app/query-client';
import { AppRoutes } from '../../../app/routes';
import { SessionProvider } from '../../../app/session/SessionProvider';
import { createWebApi } from '../../../app/session/web-client';
import { theme } from '../../../app/theme';
import {
  fakeServer,
  json,
  ORG,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
  type FakeServer,
} from '../../../test-support/render-app';

vi.mock('../../../app/leave-app', () => ({ leaveApp: vi.fn() }));
const leftFor = vi.mocked(leaveApp);

const PROVIDERS = [
  { id: 'p1', name: 'Acme SSO' },
  { id: 'p2', name: 'Campus SAML' },
];
const PROVIDER_PAGE = 'https://idp.example.com/authorize?state=s1';
const LIST = `/auth-provider/org/${ORG.id}`;

function securityServer(me: UserMe, routes: FakeRoutes = {}): FakeServer {
  return fakeServer({
    ...signedInRoutes(me),
    'GET /user/session': () => json([]),
    'GET /user/passkey/': () => json([]),
    'GET /user/merge': () => json([]),
    [`GET ${LIST}`]: () => json(PROVIDERS),
    ...routes,
  });
}

function openSecurity(server: FakeServer, path = '/preferences?tab=security') {
  storeSession();
  renderApp(path, server);
}

const section = async () => within(await screen.findByRole('region', { name: 'Company sign-in' }));
const linkCalls = (server: FakeServer) => server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/link'));

beforeEach(() => leftFor.mockReset());

describe('company sign-in in the security preferences', { timeout: 20_000 }, () => {
  it('links a password account to a provider after saying what changes, at the provider', async () => {
    const server = securityServer(user(), { 'POST /auth-provider/p2/link': () => json({ url: PROVIDER_PAGE }) });
    openSecurity(server);
    const companySignIn = await section();
    expect(companySignIn.getByText(/Sign in with your company account instead of a password/)).toBeTruthy();
    expect(companySignIn.getByText('Acme SSO')).toBeTruthy();
    fireEvent.click(companySignIn.getByRole('button', { name: 'Link to Campus SAML' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Link your account to Campus SAML?' }));
    expect(dialog.getByText(/Campus SAML must sign you in with your account's address/)).toBeTruthy();
    expect(dialog.getByText('ada@example.com')).toBeTruthy();
    expect(dialog.getByText('Afterwards you sign in through Campus SAML only.')).toBeTruthy();
    expect(dialog.getByText('Your Perch password stops working.')).toBeTruthy();
    expect(linkCalls(server)).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Continue to Campus SAML' }));
    await waitFor(() => expect(leftFor).toHaveBeenCalledWith(PROVIDER_PAGE));
    expect(linkCalls(server).map((c) => c.path)).toEqual(['/auth-provider/p2/link']);
  });

  it('changes nothing when the person cancels', async () => {
    const server = securityServer(user());
    openSecurity(server);
    fireEvent.click((await section()).getByRole('button', { name: 'Link to Acme SSO' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Link your account to Acme SSO?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(linkCalls(server)).toHaveLength(0);
    expect(leftFor).not.toHaveBeenCalled();
  });

  it.each([
    [403, 'Your account cannot be linked to this sign-in provider. Ask your administrator.'],
    [400, /^This sign-in provider cannot be linked now: your account may already sign in through a provider/],
    [404, 'This sign-in provider no longer exists. Reload the page.'],
  ])('says why the link could not start (%i) and stays', async (status, message) => {
    const server = securityServer(user(), {
      'POST /auth-provider/p1/link': () => json({ message: 'refused' }, status),
    });
    openSecurity(server);
    fireEvent.click((await section()).getByRole('button', { name: 'Link to Acme SSO' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Link your account to Acme SSO?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Continue to Acme SSO' }));
    const alert = await dialog.findByRole('alert');
    if (typeof message === 'string') expect(alert.textContent).toBe(message);
    else expect(alert.textContent).toMatch(message);
    expect(leftFor).not.toHaveBeenCalled();
    expect(dialog.getByRole('button', { name: 'Continue to Acme SSO' })).toBeTruthy();
  });

  it('does not speak of a password the account does not have', async () => {
    openSecurity(securityServer(user({ requirePassword: false, atlassianId: 'ada@example.com' })));
    fireEvent.click((await section()).getByRole('button', { name: 'Link to Acme SSO' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Link your account to Acme SSO?' }));
    expect(dialog.queryByText('Your Perch password stops working.')).toBeNull();
  });

  it('names the provider an account signs in through, with nothing to link', async () => {
    openSecurity(securityServer(user({ signInProviderId: 'p2', requirePassword: false })));
    const companySignIn = await section();
    expect(companySignIn.getByText('You sign in through Campus SAML.')).toBeTruthy();
    expect(companySignIn.queryByRole('button', { name: /^Link to/ })).toBeNull();
  });

  it('offers no password change to an account linked to a provider, whose password no longer signs in', async () => {
    // Linking keeps the password (requirePassword), but the account signs in through the provider only.
    openSecurity(securityServer(user({ signInProviderId: 'p1', requirePassword: true })));
    expect((await section()).getByText('You sign in through Acme SSO.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change password' })).toBeNull();
  });

  it('shows nothing when the organisation has no providers', async () => {
    const server = securityServer(user(), { [`GET ${LIST}`]: () => json([]) });
    openSecurity(server);
    expect(await screen.findByRole('heading', { name: 'Where you are signed in' })).toBeTruthy();
    await waitFor(() => expect(server.calls.some((c) => c.path === LIST)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Company sign-in' })).toBeNull();
  });

  it('shows nothing to super admins, whom providers never sign in', async () => {
    const server = securityServer(user({ role: 90, superAdmin: true, admin: true, spaceAdmin: true }));
    openSecurity(server);
    expect(await screen.findByRole('heading', { name: 'Where you are signed in' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Company sign-in' })).toBeNull();
    expect(server.calls.some((c) => c.path === LIST)).toBe(false);
  });

  it('says when the providers could not be read, with a way to try again', async () => {
    let fail = true;
    const server = securityServer(user(), {
      [`GET ${LIST}`]: () => (fail ? json({ message: 'boom' }, 500) : json(PROVIDERS)),
    });
    openSecurity(server);
    const companySignIn = await section();
    expect(companySignIn.getByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(companySignIn.getByRole('button', { name: 'Try again' }));
    expect(await companySignIn.findByRole('button', { name: 'Link to Acme SSO' })).toBeTruthy();
  });
});

describe('back from linking', { timeout: 20_000 }, () => {
  it('says which provider the account is linked to now, and takes the parameter off the address', async () => {
    storeSession();
    const server = securityServer(user({ signInProviderId: 'p1', requirePassword: false }));
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
      { initialEntries: ['/preferences?tab=security&linked=p1'] },
    );
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const companySignIn = await section();
    expect(companySignIn.getByRole('status').textContent).toBe(
      'Your account is now linked to Acme SSO. From now on you sign in through Acme SSO.',
    );
    expect(companySignIn.getByText('You sign in through Acme SSO.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=security'));
    // The message stays until the person closes it.
    expect(companySignIn.getByRole('status')).toBeTruthy();
    fireEvent.click(companySignIn.getByRole('button', { name: 'Close' }));
    expect(companySignIn.queryByRole('status')).toBeNull();
  });
});
