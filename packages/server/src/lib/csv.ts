/**
 * CSV files the server answers with (RFC 4180, CRLF line ends): bookings, check-in statistics.
 */

/** A CSV field: quoted when needed; leading formula characters are neutralised for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header and rows of fields as CSV text, each line ended with CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((fields) => fields.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
