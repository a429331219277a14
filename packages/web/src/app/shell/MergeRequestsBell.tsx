import { ActionIcon, Indicator, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconBell } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { mergeKeys, useMergeRequests } from '../../shared/account-merge/merge-queries';
import { MergeRequestList } from '../../shared/account-merge/MergeRequestList';

/**
 * A bell in the header while other accounts (made by the team wiki) ask to be merged into this
 * one, with their number; it opens the requests to accept or decline. Asked again on a page
 * change and when the window gets the focus back, not on a timer.
 */
export function MergeRequestsBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const requests = useMergeRequests();
  const [opened, { open, close }] = useDisclosure(false);
  const count = requests.data?.length ?? 0;

  useEffect(() => {
    void queryClient.refetchQueries({ queryKey: mergeKeys.incoming, stale: true });
  }, [pathname, queryClient]);

  // Everything answered: nothing left to show.
  useEffect(() => {
    if (count === 0) close();
  }, [count, close]);

  if (count === 0) return null;
  const label = t('mergeRequestsWaiting', { count });
  return (
    <>
      <Tooltip label={label}>
        <Indicator label={count > 9 ? '9+' : count} size={16} color="red" offset={6} withBorder>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={open}>
            <IconBell size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={t('mergeRequestsTitle')} centered size="lg">
        <Stack gap="md">
          <Text fz="sm">{t('mergeRequestsIntro')}</Text>
          <MergeRequestList />
        </Stack>
      </Modal>
    </>
  );
}
