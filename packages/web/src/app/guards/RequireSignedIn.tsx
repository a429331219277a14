import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPathFor } from '../safe-redirect';
import { useSession } from '../session/session-context';

/**
 * Signed-out visitors go to the sign-in page, which brings them back here afterwards; after an
 * explicit sign-out there is nothing to come back to.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'signedIn') return children;
  if (state.status === 'signedOut' && state.reason === 'signedOut') return <Navigate to="/login" replace />;
  return <Navigate to={signInPathFor(location.pathname + location.search + location.hash)} replace />;
}
