import { describe, expect, it } from 'vitest';
import { attachmentName } from './download-file';

describe('attachment name', () => {
  it('takes the file name the server sent', () => {
    expect(attachmentName('attachment; filename="seatsurfing-20300901-0830.ics"', 'x.ics')).toBe(
      'seatsurfing-20300901-0830.ics',
    );
    expect(attachmentName('attachment; filename=booking.ics', 'x.ics')).toBe('booking.ics');
  });

  it('prefers the UTF-8 name and keeps it to a plain file name', () => {
    expect(attachmentName(`attachment; filename="a.ics"; filename*=UTF-8''R%C3%A9union.ics`, 'x.ics')).toBe(
      'Réunion.ics',
    );
    expect(attachmentName('attachment; filename="../../etc/passwd"', 'x.ics')).toBe('passwd');
  });

  it('falls back without a usable header', () => {
    expect(attachmentName(null, 'booking-2030-09-01.ics')).toBe('booking-2030-09-01.ics');
    expect(attachmentName('inline', 'booking-2030-09-01.ics')).toBe('booking-2030-09-01.ics');
    expect(attachmentName('attachment; filename=""', 'booking-2030-09-01.ics')).toBe('booking-2030-09-01.ics');
  });
});
