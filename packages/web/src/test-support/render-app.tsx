import { MantineProvider } from '@mantine/core';
import type { Credentials, Preflight, UserMe } from '@perch/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/routes';
import { SessionProvider } from '../app/session/SessionProvider';
import { createWebApi } from '../app/session/web-client';
import { localisedTheme } from '../app/theme';

/** A scripted server: each handler answers one `METHOD /path`; anything else is a 404. */
export type FakeRoutes = Record<string, (body: unknown) => Response | Promise<Response>>;

export interface FakeServer {
  fetch: typeof fetch;
  /** Every request, with its query string (without `?`). */
  calls: { method: string; path: string; query: string; body: unknown }[];
}

export function fakeServer(routes: FakeRoutes): FakeServer {
  const calls: FakeServer['calls'] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.search.slice(1), body });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(body) : json({ message: 'not found' }, 404);
  };
  return { fetch: fetchImpl, calls };
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export const ORG = {
  id: '4b812f52-4a84-428e-ad6e-72ee9270c3f4',
  name: 'Sample Company',
  firstname: '',
  lastname: '',
  email: '',
  language: 'en',
};

export const PREFLIGHT: Preflight = {
  organization: ORG,
  authProviders: [],
  requirePassword: true,
  disablePasswordLogin: false,
  domain: 'localhost',
};

export function user(overrides: Partial<UserMe> = {}): UserMe {
  return {
    id: 'u1',
    organizationId: ORG.id,
    organization: ORG,
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    atlassianId: '',
    role: 0,
    authProviderId: '',
    requirePassword: true,
    passwordPending: false,
    spaceAdmin: false,
    admin: false,
    superAdmin: false,
    totpEnabled: false,
    hasPasskeys: false,
    lastActivity: null,
    password: '',
    sendInvitation: false,
    isPrimaryDomain: true,
    signInProviderId: '',
    ...overrides,
  };
}

export const CREDENTIALS: Credentials = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  accessTokenExpiry: Date.now() + 15 * 60_000,
  logoutUrl: '',
  profilePageUrl: '',
};

/** Routes of a server where `me` is signed in, with the given organisation settings. */
export function signedInRoutes(me: UserMe, settings: Record<string, string> = {}): FakeRoutes {
  return {
    'GET /user/me': () => json(me),
    'GET /setting/': () => json(Object.entries(settings).map(([name, value]) => ({ name, value }))),
    'GET /preference/': () => json([]),
    'GET /auth/logout/current': () => new Response(null, { status: 204 }),
  };
}

/** Puts a valid session into browser storage, as a previous sign-in in this tab would have. */
export function storeSession(): void {
  sessionStorage.setItem('perch.accessToken', CREDENTIALS.accessToken);
  sessionStorage.setItem('perch.accessTokenExpiry', String(CREDENTIALS.accessTokenExpiry));
  sessionStorage.setItem('perch.logoutUrl', '');
  localStorage.setItem('perch.refreshToken', CREDENTIALS.refreshToken);
}

/** Renders the whole app (routes, session, theme) at `path`, talking to `server`. */
export function renderApp(path: string, server: FakeServer): RenderResult {
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
    { initialEntries: [path] },
  );
  return render(
    <MantineProvider theme={localisedTheme(i18next.t('close'))}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
