import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconArrowsJoin, IconChevronDown, IconExternalLink, IconLogout } from '@tabler/icons-react';
import type { UserMe } from '@perch/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { perchAppUrl } from '../../shared/account-merge/perch-address';
import { displayName } from '../session/session-data';
import classes from './UserMenu.module.css';

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

interface UserMenuProps {
  user: UserMe;
  /** Absent in the embedded layout: the team wiki signs people in and out. */
  onSignOut?: () => void;
  /** The person's account page at the sign-in provider they came through ('' or absent: none). */
  profilePageUrl?: string;
  /** For an account the team wiki made: opens the request to merge it into a regular account. */
  onMergeAccount?: () => void;
  /** Offer to open the web app in a new tab (from inside the wiki's frame). */
  offerNewTab?: boolean;
}

/** The signed-in person: name in the header, sign-out and preferences in the menu. */
export function UserMenu({ user, onSignOut, profilePageUrl, onMergeAccount, offerNewTab = false }: UserMenuProps) {
  const { t } = useTranslation();
  const name = displayName(user);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} aria-label={t('accountMenu', { name })}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={32}>
              {initials(name)}
            </Avatar>
            <Box visibleFrom="sm" maw={180}>
              <Text fz="sm" fw={500} truncate="end">
                {name}
              </Text>
            </Box>
            <IconChevronDown size={14} stroke={1.8} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('signedInAs')}</Menu.Label>
        <Box px="sm" pb="xs">
          <Text fz="sm" fw={600} truncate="end">
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end">
            {user.organization.name}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/preferences" leftSection={<IconAdjustments size={16} aria-hidden />}>
          {t('navPreferences')}
        </Menu.Item>
        {profilePageUrl && (
          <Menu.Item
            component="a"
            href={profilePageUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('providerProfileLink')}
          </Menu.Item>
        )}
        {onMergeAccount && (
          <Menu.Item
            onClick={onMergeAccount}
            leftSection={<IconArrowsJoin size={16} aria-hidden className="mirror-in-rtl" />}
          >
            {t('mergeIntoAccount')}
          </Menu.Item>
        )}
        {offerNewTab && (
          <Menu.Item
            component="a"
            href={perchAppUrl('/')}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('openPerchInNewTab')}
          </Menu.Item>
        )}
        {onSignOut && (
          <Menu.Item onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden className="mirror-in-rtl" />}>
            {t('signOut')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
