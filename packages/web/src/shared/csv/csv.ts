/**
 * CSV files made in the browser (statistics, presence, sign-in log): RFC 4180 fields and the
 * download of the finished text.
 */

import { saveTextFile } from '../download/download-file';

/** A CSV field: quoted when needed; a leading formula character is neutralised for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Offers `text` as a CSV file download named `fileName`. */
export function saveCsvFile(text: string, fileName: string): void {
  saveTextFile(text, fileName, 'text/csv;charset=utf-8');
}
