import { Button, Divider, Stack, Text } from '@mantine/core';
import type { UserMe } from '@perch/contract';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../session/session-data';

interface AccountSummaryProps {
  user: UserMe;
  onSignOut: () => void;
}

/** Who is signed in, at the foot of the phone navigation drawer where the header has no room. */
export function AccountSummary({ user, onSignOut }: AccountSummaryProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Divider />
      <div>
        <Text fz="xs" c="dimmed">
          {t('signedInAs')}
        </Text>
        <Text fz="sm" fw={600} truncate="end">
          {displayName(user)}
        </Text>
        <Text fz="xs" c="dimmed" truncate="end">
          {user.email}
        </Text>
      </div>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconLogout size={16} aria-hidden className="mirror-in-rtl" />}
        onClick={onSignOut}
      >
        {t('signOut')}
      </Button>
    </Stack>
  );
}
