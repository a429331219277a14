import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { UserMe } from '@perch/contract';
import { IconArrowsJoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MergeIntoAccountModal } from './MergeIntoAccountModal';
import { useMergeRequests } from './merge-queries';
import { MergeRequestList } from './MergeRequestList';
import { isWikiAccount } from './wiki-account';

/**
 * The account merge on the preferences page: the wiki's account asks to be merged into the
 * person's regular account, and a regular account answers the requests waiting for it. Nothing
 * shows for an account that has neither.
 */
export function AccountMergeSection({ user }: { user: UserMe }) {
  const { t } = useTranslation();
  const requests = useMergeRequests();
  const [mergeOpened, { open: openMerge, close: closeMerge }] = useDisclosure(false);
  const waiting = (requests.data?.length ?? 0) > 0;
  const wiki = isWikiAccount(user);
  if (!wiki && !waiting) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-merge-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="account-merge-title">
          {t('mergeSectionTitle')}
        </Title>
        {wiki && (
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{t('mergeIntoAccountIntro')}</Text>
            <Group>
              <Button
                variant="light"
                leftSection={<IconArrowsJoin size={18} aria-hidden className="mirror-in-rtl" />}
                onClick={openMerge}
              >
                {t('mergeIntoAccount')}
              </Button>
            </Group>
            <MergeIntoAccountModal opened={mergeOpened} onClose={closeMerge} />
          </Stack>
        )}
        {waiting && (
          <Stack gap="xs">
            <Text fz="sm">{t('mergeRequestsIntro')}</Text>
            <MergeRequestList />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
