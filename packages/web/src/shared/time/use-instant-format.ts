import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { formatInstant, formatInstantTime, type Instant } from './format-time';
import { timePrefsFrom } from './time-prefs';
import { userZone } from './wall-time';

export interface InstantFormat {
  /** Date and time in the user's zone, date format and clock, to the minute (or the second). */
  dateTime: (instant: Instant, seconds?: boolean) => string;
  /** Only the time of day, in the user's zone and clock. */
  time: (instant: Instant) => string;
}

/**
 * Formats moments (sign-ins, last activity, when figures were fetched) for the signed-in user:
 * their `timezone` preference (else the device's zone), date format, 12/24-hour clock and
 * the app's language.
 */
export function useInstantFormat(): InstantFormat {
  const { i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const locale = i18n.language;
  return useMemo(() => {
    const prefs = timePrefsFrom(preferences);
    const zone = userZone(preferences.timezone);
    return {
      dateTime: (instant, seconds = false) => formatInstant(instant, zone, prefs, locale, seconds),
      time: (instant) => formatInstantTime(instant, zone, prefs, locale),
    };
  }, [preferences, locale]);
}
