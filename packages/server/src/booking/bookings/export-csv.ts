import { forEachListEntry } from './presenter.js';
import type { BookingList } from './repo.js';

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
  // Perch additions, after the reference's columns.
  'checked_in_at',
  'released_at',
  'release_reason',
];

/** A CSV field: quoted when needed; leading formula characters are neutralised for spreadsheets. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Bookings as CSV (RFC 4180, CRLF), times as the area's wall clock with its offset. */
export function bookingsCsv(list: BookingList): string {
  const lines = [HEADER.join(',')];
  forEachListEntry(list, ({ booking: b, person, spaceName, area, enter, leave, checkIn }) => {
    lines.push(
      [
        b.id,
        person.email,
        person.firstname,
        person.lastname,
        area.name,
        spaceName,
        enter,
        leave,
        b.approved ? 'yes' : 'no',
        b.subject,
        checkIn.checkedInAt ?? '',
        checkIn.releasedAt ?? '',
        b.release_reason ?? '',
      ]
        .map(field)
        .join(','),
    );
  });
  return `${lines.join('\r\n')}\r\n`;
}
