import { AppShell, Burger, Container, Group, ScrollArea, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession, useSignedInSession } from '../session/session-context';
import { canAdminister } from '../session/session-data';
import { ErrorBoundary } from '../ErrorBoundary';
import { PageLoader } from '../ui/Loaders';
import { AccountSummary } from './AccountSummary';
import { BrandLogo } from './BrandLogo';
import { ColorSchemeMenu } from './ColorSchemeMenu';
import { LanguageMenu } from './LanguageMenu';
import { MainNavigation } from './MainNavigation';
import { navigationItems } from './navigation-items';
import { PageWidthContext } from './page-width';
import { SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';

// Only administrators on administration pages need it, so it stays out of the first load.
const AdminHeaderSearch = lazy(() =>
  import('../../features/admin/search/AdminHeaderSearch').then((m) => ({ default: m.AdminHeaderSearch })),
);

const HEADER_HEIGHT = 60;
const NAVBAR_WIDTH = 248;

/** The frame of every signed-in page: header, navigation (a drawer on phones) and content. */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { signOut, api } = useSession();
  const { user, settings } = useSignedInSession();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { pathname } = useLocation();
  const [wide, setWide] = useState(false);

  useEffect(closeNav, [pathname, closeNav]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <SkipLink />
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? t('closeNavigation') : t('openNavigation')}
              aria-expanded={navOpened}
              aria-controls="main-navigation"
            />
            <UnstyledButton component={Link} to="/search" aria-label={t('homeLink')}>
              <BrandLogo customLogoUrl={settings.custom_logo_url ?? ''} organizationName={user.organization.name} />
            </UnstyledButton>
          </Group>
          <Group gap={4} wrap="nowrap">
            {canAdminister(user) && (pathname === '/admin' || pathname.startsWith('/admin/')) && (
              <Suspense fallback={null}>
                <AdminHeaderSearch />
              </Suspense>
            )}
            <LanguageMenu />
            <ColorSchemeMenu />
            <UserMenu user={user} onSignOut={() => void signOut()} profilePageUrl={api.store.load()?.profilePageUrl} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="main-navigation" aria-label={t('mainNavigation')}>
        {/* The administration's sub-pages make the list taller than a laptop screen: it scrolls. */}
        <AppShell.Section grow component={ScrollArea} type="auto" mx="-sm" px="sm">
          <MainNavigation items={navigationItems(user, settings)} />
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm">
          <AccountSummary user={user} onSignOut={() => void signOut()} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Container
          size="lg"
          fluid={wide}
          px={{ base: 'md', sm: wide ? 'lg' : 'xl' }}
          py={{ base: 'lg', sm: wide ? 'lg' : 'xl' }}
        >
          <PageWidthContext.Provider value={setWide}>
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
            </ErrorBoundary>
          </PageWidthContext.Provider>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
