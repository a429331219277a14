import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPathFor } from '../safe-redirect';
import { mustEnrolSecondFactor } from '../session/second-factor-policy';
import { useSession } from '../session/session-context';
import { PublicLayout } from '../shell/PublicLayout';

// Few people ever see it, so it stays out of the first load.
const SecondFactorEnrolmentPage = lazy(() =>
  import('../../shared/second-factor/SecondFactorEnrolmentPage').then((m) => ({
    default: m.SecondFactorEnrolmentPage,
  })),
);

/**
 * Signed-out visitors go to the sign-in page, which brings them back here afterwards; after an
 * explicit sign-out there is nothing to come back to. A user the organisation requires a second
 * factor of, who has none, sets one up before anything else.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'signedIn') {
    if (!mustEnrolSecondFactor(state.session.user, state.session.settings)) return children;
    return (
      <PublicLayout>
        <SecondFactorEnrolmentPage />
      </PublicLayout>
    );
  }
  if (state.status === 'signedOut' && state.reason === 'signedOut') return <Navigate to="/login" replace />;
  return <Navigate to={signInPathFor(location.pathname + location.search + location.hash)} replace />;
}
