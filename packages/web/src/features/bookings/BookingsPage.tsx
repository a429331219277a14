import { Accordion, Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarOff, IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedInSession } from '../../app/session/session-context';
import { EmptyState } from '../../app/ui/EmptyState';
import { PageLayout } from '../../app/ui/PageLayout';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { useBookableAreas } from '../../shared/api/area-queries';
import { useMyBookings } from '../../shared/api/booking-queries';
import { areaZone } from '../../shared/time/area-zone';
import { formatDate } from '../../shared/time/format-time';
import { timePrefsFrom } from '../../shared/time/time-prefs';
import { addDaysToDate, datePart, nowInZone, userZone } from '../../shared/time/wall-time';
import { groupByDay, relativeDay, upcomingIds } from './booking-groups';
import { BookingCard } from './BookingCard';
import { useBookingActions } from './use-booking-actions';

/**
 * The user's current and upcoming bookings by day, with cancel, cancel series and cancel all, and
 * each booking (or its series) as a calendar file.
 */
export function BookingsPage() {
  const { t, i18n } = useTranslation();
  const { settings, preferences } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const bookings = useMyBookings();
  const areas = useBookableAreas();
  const actions = useBookingActions();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const dailyBasis = settings.daily_basis_booking === '1';
  const ownZone = userZone(preferences.timezone);
  const zoneOf = (areaId: string) =>
    areaZone(
      areas.data?.find((a) => a.id === areaId),
      settings.default_timezone,
    );
  const days = groupByDay(bookings.data ?? [], (areaId) => nowInZone(zoneOf(areaId)));
  const upcoming = upcomingIds(days);
  const today = datePart(nowInZone(zoneOf('')));
  const tomorrow = addDaysToDate(today, 1);

  const dayTitle = (date: string) => {
    const relative = relativeDay(date, today, tomorrow);
    const full = formatDate(date, prefs, i18n.language);
    return relative ? `${t(relative === 'today' ? 'today' : 'tomorrow')} · ${full}` : full;
  };

  return (
    <PageLayout title={t('navMyBookings')}>
      {bookings.isPending && <Skeleton height={160} radius="md" />}
      {bookings.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('loadFailedTitle')}>
          <Group justify="space-between">
            {errorMessage(bookings.error)}
            <Button variant="default" size="xs" onClick={() => void bookings.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      )}
      {bookings.isSuccess && days.length === 0 && (
        <EmptyState
          Icon={IconCalendarOff}
          title={t('bookingsEmptyTitle')}
          body={t('bookingsEmptyBody')}
          action={
            <Button component={Link} to="/search">
              {t('navBookSpace')}
            </Button>
          }
        />
      )}
      {days.length > 0 && (
        <Group justify="space-between">
          <Text c="dimmed">{t('upcomingCount', { num: days.reduce((n, d) => n + d.items.length, 0) })}</Text>
          {upcoming.length > 1 && (
            <Button variant="default" color="red" onClick={() => actions.cancelAll(upcoming)} loading={actions.busy}>
              {t('cancelAllUpcoming')}
            </Button>
          )}
        </Group>
      )}
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`}>
          <Title order={2} fz="h4" mb="sm" id={`day-${day.date}`}>
            {dayTitle(day.date)}
          </Title>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {day.items.map((item) => {
              const zone = zoneOf(item.booking.space.location.id);
              return (
                <BookingCard
                  key={item.booking.id}
                  item={item}
                  prefs={prefs}
                  dailyBasis={dailyBasis}
                  zone={zone !== ownZone ? zone : null}
                  ownZone={ownZone}
                  onCancel={(when) => actions.cancel(item.booking.id, when)}
                  onCancelSeries={() => actions.cancelSeries(item.booking.recurringId)}
                  onAddToCalendar={(scope) =>
                    actions.addToCalendar(
                      scope,
                      scope === 'series' ? item.booking.recurringId : item.booking.id,
                      item.enter,
                    )
                  }
                  addingToCalendar={
                    actions.icalPending !== null &&
                    (actions.icalPending === item.booking.id || actions.icalPending === item.booking.recurringId)
                  }
                />
              );
            })}
          </Stack>
        </section>
      ))}
      <Accordion variant="contained" radius="md">
        <Accordion.Item value="past">
          <Accordion.Control icon={<IconHistory size={18} aria-hidden />}>{t('pastBookings')}</Accordion.Control>
          <Accordion.Panel>
            <Text c="dimmed" fz="sm">
              {t('pastBookingsNote')}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </PageLayout>
  );
}
