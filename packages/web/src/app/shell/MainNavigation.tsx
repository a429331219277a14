import { Divider, NavLink, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import type { NavigationItem } from './navigation-items';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function MainNavigation({ items }: { items: readonly NavigationItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap={4}>
      {items.map(({ to, label, Icon, separated }) => (
        <Fragment key={to}>
          {separated && <Divider my="sm" />}
          <NavLink
            component={RouterNavLink}
            to={to}
            label={t(label)}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            active={isActive(pathname, to)}
            variant="light"
            styles={{
              root: { borderRadius: 'var(--mantine-radius-md)' },
              label: { fontSize: 'var(--mantine-font-size-sm)' },
            }}
          />
        </Fragment>
      ))}
    </Stack>
  );
}
