import type { AvailabilityBooking, SpaceAvailability } from '@perch/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { bookerName } from '../../shared/people/booker-name';
import { isMine, partialMaxHoursFrom, spaceStatus, type SpaceStatus } from '../../shared/space-status/space-status';
import { STATUS_LABEL } from '../../shared/space-status/StatusIcon';
import { sortNaturally } from '../../shared/text/natural-order';
import { formatDate, formatTime } from '../../shared/time/format-time';
import type { TimePrefs } from '../../shared/time/time-prefs';
import { addMinutes, datePart, fromApiTime, type WallTime } from '../../shared/time/wall-time';
import type { MapEntry } from './map/map-entry';

/** Bookings the tooltip lists; more are counted ("and 2 more bookings"). */
const TOOLTIP_BOOKINGS = 3;

export interface EntryWindow {
  /** Start of the searched window: times on its day are written without the date. */
  enter: WallTime;
  dailyBasis: boolean;
}

/**
 * When a booking ends, as the user reads it: the time (with the date when it is another day
 * than the window's), or the last day of a whole-day booking. Ends written as a last second
 * (`16:59:59`, as the reference client books) read as the next minute.
 */
function untilLabel(leave: string, window: EntryWindow, prefs: TimePrefs, locale: string): string {
  const wall = fromApiTime(leave);
  if (window.dailyBasis) return formatDate(datePart(wall), prefs, locale);
  const end = /T\d\d:\d\d:59/.test(leave) ? addMinutes(wall, 1) : wall;
  const time = formatTime(end, prefs, locale);
  return datePart(end) === datePart(window.enter) ? time : `${formatDate(datePart(end), prefs, locale)}, ${time}`;
}

/**
 * Each space with its status, its accessible name ("Desk 4 — Available, needs approval"), what
 * its tooltip says about its bookings and the booker's name for the map, in natural order of
 * their names ("Desk 2" before "Desk 10") in the user's language.
 */
export function useSpaceEntries(
  spaces: readonly SpaceAvailability[] | undefined,
  prefs: TimePrefs,
  window: EntryWindow,
): MapEntry[] {
  const { t, i18n } = useTranslation();
  const { user, settings } = useSignedInSession();
  const locale = i18n.language;
  const { enter, dailyBasis } = window;
  return useMemo(() => {
    const ctx = {
      userId: user.id,
      userEmail: user.email,
      partialMaxHours: partialMaxHoursFrom(settings),
      workdayStart: prefs.workdayStart,
      workdayEnd: prefs.workdayEnd,
    };
    const describe = (b: AvailabilityBooking) => {
      const until = untilLabel(b.leave, { enter, dailyBasis }, prefs, locale);
      if (isMine(b, ctx)) return t('mapTooltipYouUntil', { time: until });
      const name = bookerName(b);
      return name ? t('mapTooltipBookerUntil', { name, time: until }) : t('mapTooltipBookedUntil', { time: until });
    };
    const entries = (spaces ?? []).map((space): MapEntry => {
      const status: SpaceStatus = spaceStatus(space, ctx);
      const parts = [t(STATUS_LABEL[status])];
      const checkedIn = status !== 'available' && space.bookings.some((b) => b.checkedIn);
      if (checkedIn) parts.push(t('mapCheckedIn'));
      if (space.approvalRequired) parts.push(t('needsApproval'));
      const details = space.bookings.slice(0, TOOLTIP_BOOKINGS).map(describe);
      const more = space.bookings.length - TOOLTIP_BOOKINGS;
      if (more > 0) details.push(t('mapTooltipMoreBookings', { count: more }));
      return {
        space,
        status,
        label: t('spaceAccessibleName', { name: space.name, status: parts.join(', ') }),
        statusText: parts.join(', '),
        details,
        checkedIn,
        bookers: [...new Set(space.bookings.map(bookerName).filter(Boolean))],
      };
    });
    return sortNaturally(entries, (e) => e.space.name, locale);
  }, [spaces, user, settings, prefs, t, locale, enter, dailyBasis]);
}
