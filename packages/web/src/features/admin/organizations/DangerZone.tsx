import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Organization } from '@perch/contract';
import { isSuperAdmin } from '@perch/contract/values';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useOrganizationDeletion } from './use-organization-deletion';

/** The way to delete an organisation, set apart at the end of its page. */
export function DangerZone({ org }: { org: Organization }) {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const deletion = useOrganizationDeletion();
  // A super admin never deletes the organisation they belong to; the server refuses it (403).
  const ownOfSuperAdmin = org.id === me.organizationId && isSuperAdmin(me.role);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--mantine-color-red-outline)' }}
      component="section"
      aria-labelledby="org-danger-zone"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="org-danger-zone">
          {t('orgDangerZone')}
        </Title>
        {ownOfSuperAdmin ? (
          <Text fz="sm" c="dimmed">
            {t('orgDangerZoneOwn')}
          </Text>
        ) : (
          <Group justify="space-between" align="center" gap="sm">
            <Text fz="sm" maw={560}>
              {t('orgDangerZoneBody', { name: org.name })}
            </Text>
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={deletion.requesting}
              onClick={() => deletion.ask(org)}
            >
              {t('orgDelete')}
            </Button>
          </Group>
        )}
      </Stack>
      {deletion.dialogs}
    </Paper>
  );
}
