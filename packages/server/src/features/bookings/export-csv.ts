import { presentBooking } from './presenter.js';
import type { BookingView } from './repo.js';

const HEADER = [
  'id',
  'user_email',
  'user_firstname',
  'user_lastname',
  'area',
  'space',
  'enter',
  'leave',
  'approved',
  'subject',
];

/** A CSV field: quoted when needed; leading formula characters are neutralised for spreadsheets. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Bookings as CSV (RFC 4180, CRLF), times as the area's wall clock with its offset. */
export function bookingsCsv(rows: readonly BookingView[]): string {
  const lines = [HEADER.join(',')];
  for (const b of rows) {
    const p = presentBooking(b);
    lines.push(
      [
        p.id,
        p.userEmail,
        p.userFirstname,
        p.userLastname,
        b.location_name,
        b.space_name,
        p.enter,
        p.leave,
        p.approved ? 'yes' : 'no',
        p.subject,
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
