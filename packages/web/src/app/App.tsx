import { ModalsProvider } from '@mantine/modals';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { routerBasename } from './base-path';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { SessionProvider } from './session/SessionProvider';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter basename={routerBasename(window.location.pathname)}>
        <SessionProvider>
          <ModalsProvider>
            <AppRoutes />
          </ModalsProvider>
        </SessionProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
