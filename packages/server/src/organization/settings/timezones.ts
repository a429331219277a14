/** IANA time-zone names known to this server's ICU data, plus UTC. */
export const TIMEZONES: readonly string[] = (() => {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
})();

const ZONE_SET = new Set(TIMEZONES);

/** True for names in the list and for other names the runtime's ICU accepts (aliases). */
export function isTimezone(tz: string): boolean {
  if (ZONE_SET.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(tz);
  } catch {
    return false;
  }
}
