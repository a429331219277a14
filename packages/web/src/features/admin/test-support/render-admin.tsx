import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../app/query-client';
import { SessionContext, type SessionContextValue } from '../../../app/session/session-context';
import { createWebApi } from '../../../app/session/web-client';
import { theme } from '../../../app/theme';
import { storeSession, user, type FakeServer } from '../../../test-support/render-app';

/** Renders an admin component signed in as a super admin, talking to `server`. */
export function renderAdmin(ui: ReactNode, server: FakeServer): RenderResult {
  storeSession();
  const session: SessionContextValue = {
    state: {
      status: 'signedIn',
      session: {
        user: user({ role: 90, superAdmin: true, admin: true, spaceAdmin: true }),
        settings: {},
        preferences: {},
      },
    },
    api: createWebApi({ onSignedOut: () => undefined, fetch: server.fetch }),
    completeSignIn: async () => undefined,
    signOut: async () => undefined,
    retry: async () => undefined,
  };
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <SessionContext.Provider value={session}>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
