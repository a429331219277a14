import { ActionIcon, Box, Divider, NavLink, Stack, Tooltip, useDirection } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import type { NavigationItem } from './navigation-items';

function isWithin(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The sub-page the path is in; of nested ones (`/admin/settings/org` in `/admin/settings`) the deepest. */
function activeChild(pathname: string, children: readonly NavigationItem[]): string | undefined {
  return children
    .filter((child) => isWithin(pathname, child.to))
    .reduce<string | undefined>((best, child) => (!best || child.to.length > best.length ? child.to : best), undefined);
}

const linkStyles = {
  root: { borderRadius: 'var(--mantine-radius-md)' },
  label: { fontSize: 'var(--mantine-font-size-sm)' },
};

function NavigationLink({ item, active }: { item: NavigationItem; active: boolean }) {
  const { t } = useTranslation();
  const { to, label, Icon, Badge } = item;
  return (
    <NavLink
      component={RouterNavLink}
      to={to}
      end
      label={t(label)}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      rightSection={Badge ? <Badge /> : undefined}
      active={active}
      variant="light"
      styles={linkStyles}
    />
  );
}

/** An icon-only link (the embedded layout's rail): the label is its name and its tooltip. */
function IconLink({ item, active }: { item: NavigationItem; active: boolean }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { to, label, Icon } = item;
  return (
    <Tooltip label={t(label)} position={dir === 'rtl' ? 'left' : 'right'} withArrow openDelay={150}>
      <ActionIcon
        component={RouterNavLink}
        to={to}
        end
        size={44}
        radius="md"
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        aria-label={t(label)}
      >
        <Icon size={22} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

interface MainNavigationProps {
  items: readonly NavigationItem[];
  /** Icons only, for the narrow rail of the embedded layout (items without sub-pages). */
  compact?: boolean;
}

/**
 * The main menu. A section with sub-pages (administration) shows them below itself while one of
 * them is open; the section link itself is marked only on the section's own start page.
 */
export function MainNavigation({ items, compact = false }: MainNavigationProps) {
  const { pathname } = useLocation();
  if (compact)
    return (
      <Stack gap={6} align="center">
        {items.map((item) => (
          <IconLink key={item.to} item={item} active={isWithin(pathname, item.to)} />
        ))}
      </Stack>
    );
  return (
    <Stack gap={4}>
      {items.map((item) => {
        const children = item.children ?? [];
        const open = children.length > 0 && isWithin(pathname, item.to);
        return (
          <Fragment key={item.to}>
            {item.separated && <Divider my="sm" />}
            <NavigationLink
              item={item}
              active={children.length > 0 ? pathname === item.to : isWithin(pathname, item.to)}
            />
            {open && (
              <Box component="ul" role="list" m={0} p={0} ps="md" style={{ listStyle: 'none' }}>
                {children.map((child) => (
                  <li key={child.to}>
                    <NavigationLink item={child} active={child.to === activeChild(pathname, children)} />
                  </li>
                ))}
              </Box>
            )}
          </Fragment>
        );
      })}
    </Stack>
  );
}
