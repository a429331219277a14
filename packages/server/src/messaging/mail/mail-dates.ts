import type { Language } from '@perch/contract';

/**
 * How mails write a moment: weekday, day, month, year and time in the reader's language and clock
 * (12 or 24 hours), in a given time zone, e.g. "Wednesday, 25 November 2026, 14:35". Callers add
 * the zone's name.
 */
export const mailDateTimeFormat = (language: Language, zone: string, use24Hour: boolean): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(language, {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: use24Hour ? 'h23' : 'h12',
  });
