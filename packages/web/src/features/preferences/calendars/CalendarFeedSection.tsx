import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { CalendarFeed } from '@perch/contract';
import {
  IconAlertCircle,
  IconCalendarShare,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconLinkOff,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useCalendarFeed, useDeleteCalendarFeed, useResetCalendarFeed } from '../api/calendar-queries';
import { useInstantFormat } from './use-instant-format';

/** The feed's address with copy, open, reset and turn off, and when it was made and last fetched. */
function FeedLink({ feed, url }: { feed: CalendarFeed; url: string }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const when = useInstantFormat();
  const reset = useResetCalendarFeed();
  const remove = useDeleteCalendarFeed();
  const failed = (error: unknown) =>
    notifications.show({
      closeButtonProps: { 'aria-label': t('close') },
      color: 'red',
      title: t('feedChangeFailed'),
      message: errorMessage(error),
      autoClose: 10_000,
    });

  const askReset = () =>
    modals.openConfirmModal({
      title: t('feedResetTitle'),
      children: <Text fz="sm">{t('feedResetBody')}</Text>,
      labels: { confirm: t('feedReset'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('close') },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () =>
        reset.mutate(undefined, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: { 'aria-label': t('close') },
              color: 'teal',
              message: t('feedResetDone'),
            }),
          onError: failed,
        }),
    });

  const askTurnOff = () =>
    modals.openConfirmModal({
      title: t('feedTurnOffTitle'),
      children: <Text fz="sm">{t('feedTurnOffBody')}</Text>,
      labels: { confirm: t('feedTurnOff'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('close') },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: { 'aria-label': t('close') },
              color: 'teal',
              message: t('feedTurnedOff'),
            }),
          onError: failed,
        }),
    });

  return (
    <Stack gap="sm">
      <TextInput
        label={t('feedUrlLabel')}
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{
          wrapper: { direction: 'ltr' },
          input: { textAlign: 'left', fontFamily: 'var(--mantine-font-family-monospace)' },
        }}
        rightSectionWidth={40}
        rightSection={
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('feedCopied') : t('feedCopy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? t('feedCopied') : t('feedCopy')}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Text fz="xs" c="dimmed">
        {feed.createdAt && t('feedCreatedAt', { time: when(feed.createdAt) })}
        {feed.createdAt && ' · '}
        {feed.lastPolledAt ? t('feedLastPolledAt', { time: when(feed.lastPolledAt) }) : t('feedNeverPolled')}
      </Text>
      <Group gap="xs">
        {feed.webcalUrl && (
          <Button component="a" href={feed.webcalUrl} leftSection={<IconExternalLink size={16} aria-hidden />}>
            {t('feedOpen')}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={askReset}
          loading={reset.isPending}
        >
          {t('feedReset')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLinkOff size={16} aria-hidden />}
          onClick={askTurnOff}
          loading={remove.isPending}
        >
          {t('feedTurnOff')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The personal calendar feed: a secret address calendar apps subscribe to. Create it, copy or
 * open it, give it a new address (the old one stops working) or turn it off. Acts at once.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const feed = useCalendarFeed();
  const create = useResetCalendarFeed();

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="calendar-feed-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <IconCalendarShare size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Title order={2} fz="h4" id="calendar-feed-heading">
              {t('feedTitle')}
            </Title>
          </Group>
          <Text fz="sm" c="dimmed">
            {t('feedIntro')}
          </Text>
        </Stack>
        {feed.isPending && <Skeleton height={72} radius="md" />}
        {feed.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title={t('loadFailedTitle')}
          >
            <Group justify="space-between" gap="xs">
              <Text fz="sm">{errorMessage(feed.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void feed.refetch()}>
                {t('tryAgain')}
              </Button>
            </Group>
          </Alert>
        )}
        {feed.data && feed.data.url && <FeedLink feed={feed.data} url={feed.data.url} />}
        {feed.data && !feed.data.url && (
          <Stack gap="sm" align="flex-start">
            {create.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {t('feedChangeFailed')} {errorMessage(create.error)}
              </Alert>
            )}
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => create.mutate()}
              loading={create.isPending}
            >
              {t('feedCreate')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
