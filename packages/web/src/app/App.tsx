import { ModalsProvider } from '@mantine/modals';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { routerBasename } from './base-path';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { SessionProvider } from './session/SessionProvider';

/** Everything below the router; the routes themselves are declared in `AppRoutes`. */
function RoutedApp() {
  return (
    <SessionProvider>
      <ModalsProvider>
        <AppRoutes />
      </ModalsProvider>
    </SessionProvider>
  );
}

// A data router (rather than <BrowserRouter>) so editors can block navigation while they hold unsaved work.
function createAppRouter() {
  return createBrowserRouter([{ path: '*', element: <RoutedApp /> }], {
    basename: routerBasename(window.location.pathname),
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
