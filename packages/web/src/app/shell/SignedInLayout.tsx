import { ActionIcon, AppShell, Burger, Container, Group, ScrollArea, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsJoin } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { isWikiAccount } from '../../shared/account-merge/wiki-account';
import { MergeIntoAccountModal } from '../../shared/account-merge/MergeIntoAccountModal';
import { useEmbedded } from '../embedded/embedded-mode';
import { ErrorBoundary } from '../ErrorBoundary';
import { useSession, useSignedInSession } from '../session/session-context';
import { canAdminister } from '../session/session-data';
import { PageLoader } from '../../shared/ui/Loaders';
import { AccountSummary } from './AccountSummary';
import { BrandLogo } from './BrandLogo';
import { ColorSchemeMenu } from './ColorSchemeMenu';
import { LanguageMenu } from './LanguageMenu';
import { MainNavigation } from './MainNavigation';
import { MergeRequestsBell } from './MergeRequestsBell';
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
/** The embedded layout: a lower header and a rail of icons instead of the labelled menu. */
const COMPACT_HEADER_HEIGHT = 52;
const RAIL_WIDTH = 60;

/** The page itself, below the header and beside the navigation. */
function PageContent({ children, compact }: { children?: ReactNode; compact: boolean }) {
  const { pathname } = useLocation();
  const [wide, setWide] = useState(false);
  const px = compact ? { base: 'sm', sm: 'lg' } : { base: 'md', sm: wide ? 'lg' : 'xl' };
  const py = compact ? { base: 'md', sm: 'lg' } : { base: 'lg', sm: wide ? 'lg' : 'xl' };
  return (
    <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
      <Container size="lg" fluid={wide} px={px} py={py}>
        <PageWidthContext.Provider value={setWide}>
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
          </ErrorBoundary>
        </PageWidthContext.Provider>
      </Container>
    </AppShell.Main>
  );
}

/**
 * The frame of every signed-in page: header, navigation (a drawer on phones) and content. Inside
 * the team wiki (the embedded mode) it is compact: a lower header, icons instead of the menu, no
 * sign-out and no administration, and for the wiki's own account the way to merge it.
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const embedded = useEmbedded();
  return embedded ? <EmbeddedLayout>{children}</EmbeddedLayout> : <FullLayout>{children}</FullLayout>;
}

function FullLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { signOut, api } = useSession();
  const { user, settings } = useSignedInSession();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [mergeOpened, { open: openMerge, close: closeMerge }] = useDisclosure(false);
  const { pathname } = useLocation();

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
            <MergeRequestsBell />
            <LanguageMenu />
            <ColorSchemeMenu />
            <UserMenu
              user={user}
              onSignOut={() => void signOut()}
              profilePageUrl={api.store.load()?.profilePageUrl}
              onMergeAccount={isWikiAccount(user) ? openMerge : undefined}
            />
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
      <PageContent compact={false}>{children}</PageContent>
      {isWikiAccount(user) && <MergeIntoAccountModal opened={mergeOpened} onClose={closeMerge} />}
    </AppShell>
  );
}

function EmbeddedLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { user, settings } = useSignedInSession();
  const [mergeOpened, { open: openMerge, close: closeMerge }] = useDisclosure(false);
  const wikiAccount = isWikiAccount(user);

  return (
    // No breakpoint: the rail stays beside the page at every width, a frame is often narrow.
    <AppShell header={{ height: COMPACT_HEADER_HEIGHT }} navbar={{ width: RAIL_WIDTH, breakpoint: 0 }} padding={0}>
      <SkipLink />
      <AppShell.Header px="sm">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <UnstyledButton component={Link} to="/search" aria-label={t('homeLink')}>
            <BrandLogo
              customLogoUrl={settings.custom_logo_url ?? ''}
              organizationName={user.organization.name}
              size={26}
            />
          </UnstyledButton>
          <Group gap={2} wrap="nowrap">
            {wikiAccount && (
              <Tooltip label={t('mergeIntoAccount')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('mergeIntoAccount')}
                  onClick={openMerge}
                >
                  <IconArrowsJoin size={20} stroke={1.6} aria-hidden className="mirror-in-rtl" />
                </ActionIcon>
              </Tooltip>
            )}
            <MergeRequestsBell />
            <LanguageMenu />
            <ColorSchemeMenu />
            <UserMenu user={user} onMergeAccount={wikiAccount ? openMerge : undefined} offerNewTab />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p={8} id="main-navigation" aria-label={t('mainNavigation')}>
        <AppShell.Section grow component={ScrollArea} type="auto" scrollbars="y" mx={-8} px={8}>
          <MainNavigation items={navigationItems(user, settings, { embedded: true })} compact />
        </AppShell.Section>
      </AppShell.Navbar>
      <PageContent compact>{children}</PageContent>
      {wikiAccount && <MergeIntoAccountModal opened={mergeOpened} onClose={closeMerge} />}
    </AppShell>
  );
}
