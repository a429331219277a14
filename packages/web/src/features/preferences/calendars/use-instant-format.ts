import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { formatInstant } from '../../../shared/time/format-time';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { userZone } from '../../../shared/time/wall-time';

/**
 * Formats an instant in the user's zone, date format and clock, to the minute. Isolated, so the
 * digits keep their order inside a right-to-left sentence.
 */
export function useInstantFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const zone = userZone(preferences.timezone);
  return (iso) => `\u2068${formatInstant(iso, zone, prefs, i18n.language, false)}\u2069`;
}
