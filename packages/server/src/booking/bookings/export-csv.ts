import { csvField } from '../../lib/csv.js';
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
        .map(csvField)
        .join(','),
    );
  });
  return `${lines.join('\r\n')}\r\n`;
}
