import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookingOutcome } from './use-booking-flow';

/** The confirmation after booking, in the same dialog (no stacked modals). */
export function BookingSuccess({ outcome, onDone }: { outcome: BookingOutcome; onDone: () => void }) {
  const { t } = useTranslation();
  const pending = outcome.approvalRequired;
  return (
    <Stack align="center" ta="center" gap="sm" py="md" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color={pending ? 'yellow' : 'teal'}>
        {pending ? <IconHourglassHigh size={30} aria-hidden /> : <IconCircleCheck size={30} aria-hidden />}
      </ThemeIcon>
      <Title order={3} fz="h4">
        {pending ? t('bookingNeedsApproval') : t('bookingConfirmed')}
      </Title>
      {outcome.booked !== 1 && <Text c="dimmed">{t('bookingsMade', { num: outcome.booked })}</Text>}
      <Group mt="sm">
        <Button component={Link} to="/bookings" variant="default">
          {t('navMyBookings')}
        </Button>
        <Button onClick={onDone} data-autofocus>
          {t('done')}
        </Button>
      </Group>
    </Stack>
  );
}
