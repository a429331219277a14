import { Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CalendarFeed } from '@perch/contract';
import { IconCalendarShare, IconExternalLink, IconLinkOff, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useCalendarFeed, useDeleteCalendarFeed, useResetCalendarFeed } from '../api/calendar-queries';
import { useInstantFormat } from './use-instant-format';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { Section } from '../../../shared/ui/Section';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { CopyIconButton } from '../../../shared/ui/CopyButtons';
import { useConfirm } from '../../../shared/ui/use-confirm';

/** The feed's address with copy, open, reset and turn off, and when it was made and last fetched. */
function FeedLink({ feed, url }: { feed: CalendarFeed; url: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
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
    confirm({
      title: t('feedResetTitle'),
      message: t('feedResetBody'),
      confirmLabel: t('feedReset'),
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
    confirm({
      title: t('feedTurnOffTitle'),
      message: t('feedTurnOffBody'),
      confirmLabel: t('feedTurnOff'),
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
        rightSection={<CopyIconButton value={url} timeout={2000} label={t('feedCopy')} />}
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
    <Section
      compact
      labelled="calendar-feed-heading"
      Icon={IconCalendarShare}
      title={t('feedTitle')}
      intro={t('feedIntro')}
    >
      {feed.isPending && <Skeleton height={72} radius="md" />}
      {feed.isError && <QueryFailure compact error={feed.error} onRetry={() => void feed.refetch()} />}
      {feed.data && feed.data.url && <FeedLink feed={feed.data} url={feed.data.url} />}
      {feed.data && !feed.data.url && (
        <Stack gap="sm" align="flex-start">
          {create.isError && (
            <ErrorAlert compact>
              {t('feedChangeFailed')} {errorMessage(create.error)}
            </ErrorAlert>
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
    </Section>
  );
}
