import { logout } from '@perch/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { leaveApp } from '../leave-app';
import { restoreSession } from './restore-session';
import { SessionContext, type SessionContextValue, type SessionState } from './session-context';
import { fetchSignedInSession } from './session-data';
import { createWebApi, type WebApi } from './web-client';

interface SessionProviderProps {
  children: ReactNode;
  /** Builds the API access; the default talks to the server this page came from. */
  createApi?: (onSignedOut: () => void) => WebApi;
}

const defaultCreateApi = (onSignedOut: () => void) => createWebApi({ onSignedOut });

export function SessionProvider({ children, createApi = defaultCreateApi }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [api] = useState(() =>
    createApi(() => {
      // The refresh was refused: nothing cached for this user may outlive the session.
      queryClient.clear();
      setState({ status: 'signedOut', reason: 'expired' });
    }),
  );

  const start = useCallback(async () => {
    const restored = await restoreSession(api);
    return restored.status === 'signedOut' ? ({ status: 'signedOut', reason: 'none' } as const) : restored;
  }, [api]);

  useEffect(() => {
    let cancelled = false;
    void start().then((next) => {
      if (!cancelled) setState(next);
    });
    return () => {
      cancelled = true;
    };
  }, [start]);

  const retry = useCallback(async () => {
    setState(await start());
  }, [start]);

  const completeSignIn = useCallback(async () => {
    const session = await fetchSignedInSession(api.client);
    setState({ status: 'signedIn', session });
  }, [api]);

  const signOut = useCallback(async () => {
    const logoutUrl = api.store.load()?.logoutUrl ?? '';
    try {
      await logout(api.client);
    } catch {
      // The server may already have ended the session; the local credentials are gone anyway.
    }
    queryClient.clear();
    if (logoutUrl) {
      // The provider ends its own session too, then sends the browser back to the sign-in page.
      leaveApp(logoutUrl);
      return;
    }
    setState({ status: 'signedOut', reason: 'signedOut' });
  }, [api, queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({ state, api, completeSignIn, signOut, retry }),
    [state, api, completeSignIn, signOut, retry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
