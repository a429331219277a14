import { Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCalendarOff } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSignedInSession } from '../../app/session/session-context';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLayout } from '../../shared/ui/PageLayout';
import { useBookableAreas } from '../../shared/api/area-queries';
import { useMyBookings } from '../../shared/api/booking-queries';
import { areaZone } from '../../shared/time/area-zone';
import { formatDate } from '../../shared/time/format-time';
import { timePrefsFrom } from '../../shared/time/time-prefs';
import { addDaysToDate, datePart, isWallTime, nowInZone, userZone, type IsoDate } from '../../shared/time/wall-time';
import { groupByDay, relativeDay, upcomingIds } from './booking-groups';
import { BookingCard } from './BookingCard';
import { BookingsWeek, weekBlockSelector } from './BookingsWeek';
import { PastBookings } from './PastBookings';
import { useBookingActions } from './use-booking-actions';
import { useDueCheckIns } from '../../shared/api/check-in-queries';
import { weekStartOf } from './week-layout';
import { QueryFailure } from '../../shared/ui/QueryFailure';

type BookingsView = 'list' | 'week';

/** Where the chosen view (list or week) is remembered on this device. */
export const BOOKINGS_VIEW_KEY = 'perch.myBookingsView';

const cardSelector = (id: string) => `[data-booking-card="${id.replace(/["\\]/g, '\\$&')}"]`;

/**
 * After a cancellation: once the cancelled bookings left the page, the focus goes to the booking
 * that followed them (else the one before), else to `fallback` (a heading).
 */
function focusAfterCancel(
  gone: readonly string[],
  order: readonly string[],
  selector: (id: string) => string,
  fallback: () => HTMLElement | null,
) {
  const at = Math.max(0, ...gone.map((id) => order.indexOf(id)));
  const candidates = [...order.slice(at + 1), ...order.slice(0, at).reverse()].filter((id) => !gone.includes(id));
  let tries = 0;
  const attempt = () => {
    const stillThere = gone.some((id) => document.querySelector(selector(id)));
    if (stillThere && tries++ < 60) {
      requestAnimationFrame(attempt);
      return;
    }
    for (const id of candidates) {
      const el = document.querySelector<HTMLElement>(selector(id));
      if (el) {
        el.focus();
        return;
      }
    }
    const heading = fallback();
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  };
  requestAnimationFrame(attempt);
}

/** The page's own heading, or the empty state's once the last booking went. */
const pageHeading = () => document.querySelector<HTMLElement>('main h1, main h2') ?? document.querySelector('h1');

/**
 * The user's current and upcoming bookings, as a list by day or as a week (remembered per
 * device), with cancel, cancel series and cancel all, and each booking (or its series) as a
 * calendar file.
 */
export function BookingsPage() {
  const { t, i18n } = useTranslation();
  const { settings, preferences } = useSignedInSession();
  const bookings = useMyBookings();
  const dueCheckIns = useDueCheckIns();
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
  const [view, setView] = useLocalStorage<BookingsView>({
    key: BOOKINGS_VIEW_KEY,
    defaultValue: 'list',
    getInitialValueInEffect: false,
  });
  const [params, setParams] = useSearchParams();
  const currentWeek = weekStartOf(today, prefs.weekStartDay);
  const asked = params.get('week') ?? '';
  const week = isWallTime(`${asked}T00:00`) ? weekStartOf(asked, prefs.weekStartDay) : currentWeek;
  const shownWeek = week < currentWeek ? currentWeek : week;
  const setWeek = (start: IsoDate) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (start === currentWeek) next.delete('week');
        else next.set('week', start);
        return next;
      },
      { replace: true },
    );
  const weekHeading = useRef<HTMLHeadingElement>(null);
  const items = days.flatMap((d) => d.items);
  const order = items.map((i) => i.booking.id);
  const seriesIds = (recurringId: string) =>
    items.filter((i) => i.booking.recurringId === recurringId).map((i) => i.booking.id);

  const dayTitle = (date: string) => {
    const relative = relativeDay(date, today, tomorrow);
    const full = formatDate(date, prefs, i18n.language);
    return relative ? `${t(relative === 'today' ? 'today' : 'tomorrow')} · ${full}` : full;
  };

  return (
    <PageLayout title={t('navMyBookings')}>
      {bookings.isPending && <Skeleton height={160} radius="md" />}
      {bookings.isError && <QueryFailure error={bookings.error} onRetry={() => void bookings.refetch()} />}
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
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <SegmentedControl
              aria-label={t('bookingsViewLabel')}
              value={view === 'week' ? 'week' : 'list'}
              onChange={(v) => setView(v === 'week' ? 'week' : 'list')}
              data={[
                { value: 'list', label: t('bookingsViewList') },
                { value: 'week', label: t('bookingsViewWeek') },
              ]}
            />
            <Text c="dimmed">{t('upcomingCount', { num: items.length })}</Text>
          </Group>
          {upcoming.length > 1 && (
            <Button
              variant="default"
              color="red"
              onClick={() =>
                actions.cancelAll(upcoming, () => focusAfterCancel(upcoming, [], cardSelector, pageHeading))
              }
              loading={actions.busy}
            >
              {t('cancelAllUpcoming')}
            </Button>
          )}
        </Group>
      )}
      {days.length > 0 && view === 'week' && (
        <BookingsWeek
          items={items}
          weekStart={shownWeek}
          currentWeekStart={currentWeek}
          onWeekChange={setWeek}
          today={today}
          prefs={prefs}
          dailyBasis={dailyBasis}
          zoneOf={zoneOf}
          ownZone={ownZone}
          actions={actions}
          onCancelled={(gone, weekOrder) =>
            focusAfterCancel(gone, weekOrder, weekBlockSelector, () => weekHeading.current ?? pageHeading())
          }
          headingRef={weekHeading}
        />
      )}
      {view !== 'week' &&
        days.map((day) => (
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
                    onCancel={(when) =>
                      actions.cancel(item.booking.id, when, () =>
                        focusAfterCancel([item.booking.id], order, cardSelector, pageHeading),
                      )
                    }
                    onCancelSeries={() =>
                      actions.cancelSeries(item.booking.recurringId, () =>
                        focusAfterCancel(seriesIds(item.booking.recurringId), order, cardSelector, pageHeading),
                      )
                    }
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
                    checkIn={dueCheckIns.data?.find((d) => d.bookingId === item.booking.id)}
                  />
                );
              })}
            </Stack>
          </section>
        ))}
      <PastBookings prefs={prefs} dailyBasis={dailyBasis} zoneOf={zoneOf} />
    </PageLayout>
  );
}
