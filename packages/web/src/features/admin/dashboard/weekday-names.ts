/** Short weekday names in the user's language; index 0 is Sunday, as in the API. */
export function weekdayNames(language: string, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  // 7 January 2024 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 7 + i))));
}

/** The user's first day of the week from the `week_start_day` preference (0, 1 or 6); Monday if unset. */
export function weekStartOf(preference: string | undefined): number {
  const n = Number(preference);
  return n === 0 || n === 1 || n === 6 ? n : 1;
}
