import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '../details/panel.module.css';
import type { BookingOutcome } from './use-booking-flow';

/**
 * The confirmation after booking, in place of the form in the space panel. Focus moves to its
 * heading so it is read out; "Done" closes the panel and focus goes back to the space.
 */
export function BookingSuccess({ outcome, onDone }: { outcome: BookingOutcome; onDone: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const pending = outcome.approvalRequired;
  const person = outcome.bookedFor;
  const title = person
    ? t(pending ? 'bookedForNeedsApproval' : 'bookedForConfirmed', { name: person.name })
    : t(pending ? 'bookingNeedsApproval' : 'bookingConfirmed');
  return (
    <Stack align="center" ta="center" gap="sm" py="md" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color={pending ? 'yellow' : 'teal'}>
        {pending ? <IconHourglassHigh size={30} aria-hidden /> : <IconCircleCheck size={30} aria-hidden />}
      </ThemeIcon>
      <Title
        order={3}
        fz="h4"
        ref={headingRef}
        tabIndex={-1}
        className={`${classes.wrapAnywhere} ${classes.focusTarget}`}
      >
        {title}
      </Title>
      {outcome.booked !== 1 && <Text c="dimmed">{t('bookingsMade', { num: outcome.booked })}</Text>}
      <Group mt="sm" justify="center">
        {!person && (
          <Button component={Link} to="/bookings" variant="default">
            {t('navMyBookings')}
          </Button>
        )}
        <Button onClick={onDone}>{t('done')}</Button>
      </Group>
    </Stack>
  );
}
