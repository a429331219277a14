import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../shared/system-pages/NotFoundPage';
import { useEmbedded } from './embedded/embedded-mode';
import { EmbeddedModeProvider } from './embedded/EmbeddedModeProvider';
import { ServerUnreachablePage } from '../shared/system-pages/ServerUnreachablePage';
import { RequireAdmin } from './guards/RequireAdmin';
import { RequireSignedIn } from './guards/RequireSignedIn';
import { DEFAULT_SIGNED_IN_PATH } from './safe-redirect';
import { useSession } from './session/session-context';
import { PublicLayout } from './shell/PublicLayout';
import { SignedInLayout } from './shell/SignedInLayout';
import { FullPageLoader } from '../shared/ui/Loaders';

// Each page is its own chunk, so the first load carries only the shell.
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const RequestPasswordResetPage = lazy(() =>
  import('../features/auth/RequestPasswordResetPage').then((m) => ({ default: m.RequestPasswordResetPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const InvitationPage = lazy(() =>
  import('../features/auth/InvitationPage').then((m) => ({ default: m.InvitationPage })),
);
const LoginSuccessPage = lazy(() =>
  import('../features/auth/LoginSuccessPage').then((m) => ({ default: m.LoginSuccessPage })),
);
const LoginFailedPage = lazy(() =>
  import('../features/auth/LoginFailedPage').then((m) => ({ default: m.LoginFailedPage })),
);
const WikiSignInRequiredPage = lazy(() =>
  import('../features/wiki/WikiSignInRequiredPage').then((m) => ({ default: m.WikiSignInRequiredPage })),
);
const WikiAnonymousPage = lazy(() =>
  import('../features/wiki/WikiAnonymousPage').then((m) => ({ default: m.WikiAnonymousPage })),
);
const WikiOnboardingPage = lazy(() =>
  import('../features/wiki/WikiOnboardingPage').then((m) => ({ default: m.WikiOnboardingPage })),
);
const loadSearchPage = () => import('../features/search/SearchPage');
// Most visits land on the booking page: fetch its code while the session is still being checked.
if (/^\/ui\/(search\/?)?$/.test(window.location.pathname)) void loadSearchPage();
const SearchPage = lazy(() => loadSearchPage().then((m) => ({ default: m.SearchPage })));
const BookingsPage = lazy(() => import('../features/bookings/BookingsPage').then((m) => ({ default: m.BookingsPage })));
const CheckInLinkPage = lazy(() =>
  import('../features/bookings/CheckInLinkPage').then((m) => ({ default: m.CheckInLinkPage })),
);
const BuddiesPage = lazy(() => import('../features/buddies/BuddiesPage').then((m) => ({ default: m.BuddiesPage })));
const PreferencesPage = lazy(() =>
  import('../features/preferences/PreferencesPage').then((m) => ({ default: m.PreferencesPage })),
);
const ApprovalsPage = lazy(() =>
  import('../features/approvals/ApprovalsPage').then((m) => ({ default: m.ApprovalsPage })),
);
const AdminRoutes = lazy(() => import('../features/admin/AdminRoutes').then((m) => ({ default: m.AdminRoutes })));

/**
 * The sign-in screen; inside the team wiki (the embedded mode) the wiki signs people in, so it
 * says to sign in through the wiki page again instead.
 */
function SignInPage() {
  const embedded = useEmbedded();
  const { state } = useSession();
  return embedded && state.status !== 'signedIn' ? <WikiSignInRequiredPage /> : <LoginPage />;
}

/**
 * `/` is the booking page for a signed-in user; a signed-out visitor gets the sign-in screen
 * right there, so the address stays the app's root.
 */
function StartPage() {
  const { state } = useSession();
  if (state.status === 'signedIn') return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;
  return (
    <PublicLayout>
      <SignInPage />
    </PublicLayout>
  );
}

/** Unknown paths get the 404 page in whichever frame fits the visitor. */
function NotFoundRoute() {
  const { state } = useSession();
  if (state.status === 'signedIn') {
    return (
      <SignedInLayout>
        <NotFoundPage />
      </SignedInLayout>
    );
  }
  return (
    <PublicLayout>
      <NotFoundPage framed={false} />
    </PublicLayout>
  );
}

export function AppRoutes() {
  return (
    <EmbeddedModeProvider>
      <SessionRoutes />
    </EmbeddedModeProvider>
  );
}

function SessionRoutes() {
  const { state, retry } = useSession();
  if (state.status === 'loading') return <FullPageLoader />;
  if (state.status === 'unreachable')
    return (
      <PublicLayout>
        <ServerUnreachablePage onRetry={retry} />
      </PublicLayout>
    );
  return (
    <Routes>
      <Route index element={<StartPage />} />
      <Route element={<PublicLayout />}>
        <Route path="login" element={<SignInPage />} />
        {/* Where the server sends the browser back after a sign-in through a provider. */}
        <Route path="login/success/:id" element={<LoginSuccessPage />} />
        <Route path="login/failed" element={<LoginFailedPage />} />
        {/* The team wiki's pages: a visitor it has not signed in, and connecting it (its client id). */}
        <Route path="login/confluence/anonymous" element={<WikiAnonymousPage />} />
        <Route path="login/confluence/:clientId" element={<WikiOnboardingPage />} />
        {/* The pages behind the mailed links (`/ui/resetpw/<id>/`, `/ui/setpw/<id>/`); open whether signed in or not. */}
        <Route path="resetpw" element={<RequestPasswordResetPage />} />
        <Route path="resetpw/:id" element={<ResetPasswordPage />} />
        <Route path="setpw/:id" element={<InvitationPage />} />
        {/* The buttons of a check-in reminder mail (`/ui/checkin/<id>?do=in|release`); the link is the proof. */}
        <Route path="checkin/:id" element={<CheckInLinkPage />} />
      </Route>
      <Route
        element={
          <RequireSignedIn>
            <SignedInLayout />
          </RequireSignedIn>
        }
      >
        <Route path="search" element={<SearchPage />} />
        <Route path="bookings" element={<BookingsPage />} />
        <Route path="buddies" element={<BuddiesPage />} />
        <Route path="preferences" element={<PreferencesPage />} />
        <Route path="approvals" element={<ApprovalsPage />} />
        <Route
          path="admin/*"
          element={
            <RequireAdmin>
              <AdminRoutes />
            </RequireAdmin>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
