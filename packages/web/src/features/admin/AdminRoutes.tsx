import { isOrgAdmin, isSuperAdmin } from '@perch/contract/values';
import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useSignedInSession } from '../../app/session/session-context';
import { NoAccessPage } from '../../shared/system-pages/NoAccessPage';
import { NotFoundPage } from '../../shared/system-pages/NotFoundPage';
import { AdminHomePage } from './AdminHomePage';

// Each screen is its own chunk: the floor-plan editor is large and only admins of areas need it.
const AreasListPage = lazy(() => import('./areas/AreasListPage').then((m) => ({ default: m.AreasListPage })));
const AreaPage = lazy(() => import('./areas/AreaPage').then((m) => ({ default: m.AreaPage })));
const SpacesListPage = lazy(() => import('./spaces-list/SpacesListPage').then((m) => ({ default: m.SpacesListPage })));
const AttributesPage = lazy(() => import('./attributes/AttributesPage').then((m) => ({ default: m.AttributesPage })));
const GroupsPage = lazy(() => import('./groups/GroupsPage').then((m) => ({ default: m.GroupsPage })));
const GroupDetailPage = lazy(() => import('./groups/GroupDetailPage').then((m) => ({ default: m.GroupDetailPage })));
const UsersPage = lazy(() => import('./users/UsersPage').then((m) => ({ default: m.UsersPage })));
const UserEditPage = lazy(() => import('./users/UserEditPage').then((m) => ({ default: m.UserEditPage })));
const SettingsPage = lazy(() => import('./settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const SignInLogPage = lazy(() => import('./audit/SignInLogPage').then((m) => ({ default: m.SignInLogPage })));
const MailOutboxPage = lazy(() => import('./mail/MailOutboxPage').then((m) => ({ default: m.MailOutboxPage })));
const AdminBookingsPage = lazy(() =>
  import('./bookings/AdminBookingsPage').then((m) => ({ default: m.AdminBookingsPage })),
);
const SearchResultsPage = lazy(() =>
  import('./search/SearchResultsPage').then((m) => ({ default: m.SearchResultsPage })),
);
const OrganizationsPage = lazy(() =>
  import('./organizations/OrganizationsPage').then((m) => ({ default: m.OrganizationsPage })),
);
const OrganizationPage = lazy(() =>
  import('./organizations/OrganizationPage').then((m) => ({ default: m.OrganizationPage })),
);
const OrganizationDeletionPage = lazy(() =>
  import('./organizations/OrganizationDeletionPage').then((m) => ({ default: m.OrganizationDeletionPage })),
);
const OrganizationSettingsPage = lazy(() =>
  import('./organizations/OrganizationSettingsPage').then((m) => ({ default: m.OrganizationSettingsPage })),
);
const WikiIntegrationPage = lazy(() =>
  import('./wiki/WikiIntegrationPage').then((m) => ({ default: m.WikiIntegrationPage })),
);
const DomainsPage = lazy(() => import('./organizations/DomainsPage').then((m) => ({ default: m.DomainsPage })));
const AuthProvidersPage = lazy(() =>
  import('./auth-providers/AuthProvidersPage').then((m) => ({ default: m.AuthProvidersPage })),
);
const AuthProviderPage = lazy(() =>
  import('./auth-providers/AuthProviderPage').then((m) => ({ default: m.AuthProviderPage })),
);
const AuthProviderTestPage = lazy(() =>
  import('./auth-providers/AuthProviderTestPage').then((m) => ({ default: m.AuthProviderTestPage })),
);

/** The reference's address of a provider (`/admin/settings/auth-providers/{id|add}`) leads to Perch's. */
function LegacyAuthProviderRedirect() {
  const { providerId = '' } = useParams();
  return <Navigate to={`/admin/auth-providers/${encodeURIComponent(providerId)}`} replace />;
}

/** Users, groups and settings belong to organisation admins (role ≥ 20); space admins see why they cannot enter. */
function RequireOrgAdmin({ children }: { children: ReactNode }) {
  const { user } = useSignedInSession();
  return isOrgAdmin(user.role) ? children : <NoAccessPage />;
}

function orgAdminRoute(path: string, page: ReactNode) {
  return <Route key={path} path={path} element={<RequireOrgAdmin>{page}</RequireOrgAdmin>} />;
}

/** Every organisation on the server belongs to super admins (role 90). */
function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { user } = useSignedInSession();
  return isSuperAdmin(user.role) ? children : <NoAccessPage />;
}

function superAdminRoute(path: string, page: ReactNode) {
  return <Route key={path} path={path} element={<RequireSuperAdmin>{page}</RequireSuperAdmin>} />;
}

/** The administration screens under `/admin` (space admins and up; the parent route checks). */
export function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminHomePage />} />
      <Route path="areas" element={<AreasListPage />} />
      <Route path="areas/new" element={<AreaPage />} />
      <Route path="areas/:areaId" element={<AreaPage />} />
      <Route path="areas/:areaId/spaces" element={<SpacesListPage />} />
      <Route path="attributes" element={<AttributesPage />} />
      <Route path="bookings" element={<AdminBookingsPage />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="search" element={<SearchResultsPage />} />
      {orgAdminRoute('users', <UsersPage />)}
      {orgAdminRoute('users/new', <UserEditPage />)}
      {orgAdminRoute('users/:userId', <UserEditPage />)}
      {orgAdminRoute('settings', <SettingsPage />)}
      {orgAdminRoute('audit', <SignInLogPage />)}
      {orgAdminRoute('mail', <MailOutboxPage />)}
      {orgAdminRoute('settings/org', <OrganizationSettingsPage />)}
      {orgAdminRoute('settings/wiki', <WikiIntegrationPage />)}
      {orgAdminRoute('domains', <DomainsPage />)}
      {orgAdminRoute('auth-providers', <AuthProvidersPage />)}
      {orgAdminRoute('auth-providers/add', <AuthProviderPage />)}
      {orgAdminRoute('auth-providers/:providerId', <AuthProviderPage />)}
      {/* Where the provider returns after an admin's test sign-in. */}
      {orgAdminRoute('auth-providers/:providerId/test/:stateId', <AuthProviderTestPage />)}
      <Route path="settings/auth-providers/:providerId" element={<LegacyAuthProviderRedirect />} />
      {superAdminRoute('organizations', <OrganizationsPage />)}
      {superAdminRoute('organizations/new', <OrganizationPage />)}
      {superAdminRoute('organizations/:orgId', <OrganizationPage />)}
      {/* Behind the link of the deletion mail, sent to the admin who asked (org admins and up). */}
      {orgAdminRoute('organizations/delete/:stateId', <OrganizationDeletionPage />)}
      <Route
        path="groups"
        element={
          <RequireOrgAdmin>
            <GroupsPage />
          </RequireOrgAdmin>
        }
      />
      <Route
        path="groups/:groupId"
        element={
          <RequireOrgAdmin>
            <GroupDetailPage />
          </RequireOrgAdmin>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
