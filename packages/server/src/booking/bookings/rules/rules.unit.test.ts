import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { pastOrTooFarAhead } from './advance.js';
import { allowedBooker } from './access.js';
import { cancelCutoff, firstCancelViolation, notPast } from './cancel.js';
import { areaCapacity, peakOverlap } from './capacity.js';
import { maxDuration, minDuration, wholeDays } from './duration.js';
import { firstViolation, type RuleFacts } from './index.js';
import { bookingSettings } from '../../../organization/settings/index.js';
import { subjectRequired, subjectValid } from './subject.js';
import { concurrentForUser, upcomingForUser } from './user-limits.js';
import { bookableWeekdays } from './weekdays.js';

const zone = 'Europe/Berlin';
const at = (iso: string, z = zone) => DateTime.fromISO(iso, { zone: z });
const win = (enter: string, leave: string, z = zone) => ({ enter: at(enter, z), leave: at(leave, z), zone: z });
const code = (v: { code: number | undefined } | null) => v?.code ?? 0;

describe('subject', () => {
  it('requires 3 characters on spaces that need a subject, unless subjects are disabled', () => {
    expect(code(subjectRequired('ab', true, 2))).toBe(1010);
    expect(code(subjectRequired(' abc ', true, 2))).toBe(0);
    expect(code(subjectRequired('', true, 1))).toBe(0);
    expect(code(subjectRequired('', false, 3))).toBe(0);
  });
  it('accepts empty or 3+ characters without @@@', () => {
    expect(code(subjectValid(''))).toBe(0);
    expect(code(subjectValid('ab'))).toBe(1012);
    expect(code(subjectValid('abc'))).toBe(0);
    expect(code(subjectValid('a@@@b'))).toBe(1012);
  });
});

describe('duration', () => {
  it('allows exactly the maximum, not a minute more', () => {
    expect(code(maxDuration(win('2030-03-04T09:00', '2030-03-04T12:00'), 3, false))).toBe(0);
    expect(code(maxDuration(win('2030-03-04T09:00', '2030-03-04T12:01'), 3, false))).toBe(1005);
    expect(code(maxDuration(win('2030-03-04T09:00', '2030-03-04T09:00'), 3, false))).toBe(0);
    expect(code(maxDuration(win('2030-03-04T09:00', '2030-03-04T08:00'), 3, false))).toBe(1005);
  });
  it('measures real elapsed time across a DST change', () => {
    // Berlin springs forward on 2030-03-31: 00:00–12:00 wall clock lasts 11 hours.
    expect(code(maxDuration(win('2030-03-31T00:00', '2030-03-31T12:00'), 11, false))).toBe(0);
    expect(code(maxDuration(win('2030-10-27T00:00', '2030-10-27T12:00'), 12, false))).toBe(1005);
  });
  it('counts whole days for daily-basis bookings, DST days included', () => {
    expect(wholeDays(win('2030-03-04T00:00', '2030-03-04T23:59:59'))).toBe(1);
    expect(wholeDays(win('2030-03-04T00:00', '2030-03-06T00:00'))).toBe(2);
    expect(wholeDays(win('2030-03-31T00:00', '2030-03-31T23:59:59'))).toBe(1);
    expect(wholeDays(win('2030-03-04T00:01', '2030-03-04T23:59:59'))).toBeNull();
    expect(wholeDays(win('2030-03-04T00:00', '2030-03-04T23:50:59'))).toBeNull();
    expect(code(maxDuration(win('2030-03-04T00:00', '2030-03-04T23:59:59'), 12, true))).toBe(0);
    expect(code(maxDuration(win('2030-03-04T00:00', '2030-03-05T23:59:59'), 12, true))).toBe(1005);
    expect(code(maxDuration(win('2030-03-04T00:00', '2030-03-05T23:59:59'), 25, true))).toBe(0);
    expect(code(maxDuration(win('2030-03-04T08:00', '2030-03-04T17:00'), 12, true))).toBe(1005);
  });
  it('has a minimum that counts 08:00–09:59:59 as two hours', () => {
    expect(code(minDuration(win('2030-03-04T08:00', '2030-03-04T09:59:59'), 2, false))).toBe(0);
    expect(code(minDuration(win('2030-03-04T08:00', '2030-03-04T09:59:58'), 2, false))).toBe(1007);
    expect(code(minDuration(win('2030-03-04T08:00', '2030-03-04T08:30'), 0, false))).toBe(0);
    expect(code(minDuration(win('2030-03-04T00:00', '2030-03-04T23:59:59'), 24, true))).toBe(0);
  });
});

describe("past and advance window, in the area's zone", () => {
  const now = at('2030-03-04T10:00');
  it('refuses bookings that ended before today; earlier today is fine', () => {
    expect(code(pastOrTooFarAhead(win('2030-03-03T09:00', '2030-03-03T17:00'), now, 14, false))).toBe(1011);
    expect(code(pastOrTooFarAhead(win('2030-03-04T00:00', '2030-03-04T09:00'), now, 14, false))).toBe(0);
    expect(code(pastOrTooFarAhead(win('2030-03-03T20:00', '2030-03-04T02:00'), now, 14, false))).toBe(1011);
    expect(code(pastOrTooFarAhead(win('2030-03-03T09:00', '2030-03-03T17:00'), now, 14, true))).toBe(1011);
  });
  it('allows up to max days ahead (calendar days), admins with no_admin_restrictions beyond', () => {
    expect(code(pastOrTooFarAhead(win('2030-03-09T11:00', '2030-03-09T12:00'), now, 5, false))).toBe(0);
    expect(code(pastOrTooFarAhead(win('2030-03-10T11:00', '2030-03-10T12:00'), now, 5, false))).toBe(1004);
    expect(code(pastOrTooFarAhead(win('2030-03-10T11:00', '2030-03-10T12:00'), now, 5, true))).toBe(0);
    expect(code(pastOrTooFarAhead(win('2030-03-04T11:00', '2030-03-04T12:00'), now, 0, false))).toBe(0);
  });
  it("uses the area's calendar, not UTC: late evening in Kiritimati is already tomorrow", () => {
    const utcNow = DateTime.fromISO('2030-03-04T11:00Z');
    // 2030-03-05 01:00 in Kiritimati (UTC+14) is "today" there.
    expect(
      code(pastOrTooFarAhead(win('2030-03-05T02:00', '2030-03-05T03:00', 'Pacific/Kiritimati'), utcNow, 0, false)),
    ).toBe(0);
    expect(
      code(pastOrTooFarAhead(win('2030-03-04T23:00', '2030-03-04T23:30', 'Pacific/Kiritimati'), utcNow, 0, false)),
    ).toBe(1011);
  });
});

describe('per-person limits', () => {
  it('caps concurrent and upcoming bookings', () => {
    expect(code(concurrentForUser(0, 1))).toBe(0);
    expect(code(concurrentForUser(1, 1))).toBe(1006);
    expect(code(concurrentForUser(50, 0))).toBe(0);
    expect(code(upcomingForUser(9, 10))).toBe(0);
    expect(code(upcomingForUser(10, 10))).toBe(1003);
  });
  it('restricts bookers to groups of the space and of the area', () => {
    expect(code(allowedBooker([], [], new Set()))).toBe(0);
    expect(code(allowedBooker(['g1'], [], new Set(['g1'])))).toBe(0);
    expect(code(allowedBooker(['g1'], [], new Set(['g2'])))).toBe(1009);
    expect(code(allowedBooker([], ['g3'], new Set(['g1'])))).toBe(1009);
    expect(code(allowedBooker(['g1'], ['g3'], new Set(['g1', 'g3'])))).toBe(0);
  });
});

describe('area capacity', () => {
  it('finds the peak of half-open intervals', () => {
    expect(
      peakOverlap(
        [
          { enter: 0, leave: 10 },
          { enter: 10, leave: 20 },
        ],
        0,
        20,
      ),
    ).toBe(1);
    expect(
      peakOverlap(
        [
          { enter: 0, leave: 10 },
          { enter: 5, leave: 20 },
          { enter: 6, leave: 7 },
        ],
        0,
        20,
      ),
    ).toBe(3);
    expect(peakOverlap([{ enter: 0, leave: 10 }], 10, 20)).toBe(0);
  });
  it('allows at most the capacity, the new booking included', () => {
    const existing = [
      { enter: 0, leave: 10 },
      { enter: 5, leave: 15 },
    ];
    expect(code(areaCapacity(existing, 0, 20, 3))).toBe(0);
    expect(code(areaCapacity(existing, 0, 20, 2))).toBe(1002);
    expect(code(areaCapacity(existing, 10, 20, 2))).toBe(0);
    expect(code(areaCapacity(existing, 15, 20, 1))).toBe(0);
    expect(code(areaCapacity(existing, 0, 20, 0))).toBe(0);
  });
});

describe('bookable weekdays', () => {
  it('checks every day the booking touches; leaving at midnight does not touch the next day', () => {
    const weekdays = [1, 2, 3, 4, 5];
    expect(code(bookableWeekdays(win('2030-03-08T09:00', '2030-03-08T17:00'), weekdays))).toBe(0); // Friday
    expect(code(bookableWeekdays(win('2030-03-09T09:00', '2030-03-09T17:00'), weekdays))).toBe(1013); // Saturday
    expect(code(bookableWeekdays(win('2030-03-08T20:00', '2030-03-09T00:00'), weekdays))).toBe(0);
    expect(code(bookableWeekdays(win('2030-03-08T20:00', '2030-03-09T00:01'), weekdays))).toBe(1013);
    expect(code(bookableWeekdays(win('2030-03-09T09:00', '2030-03-09T17:00'), []))).toBe(0);
  });
});

describe('rule order and exemptions', () => {
  const base = (): RuleFacts => ({
    mode: 'create',
    window: win('2030-03-04T09:00', '2030-03-04T17:00'),
    now: at('2030-03-04T08:00'),
    subject: '',
    settings: bookingSettings(new Map()),
    exempt: false,
    space: { requireSubject: false, allowedGroups: [] },
    locationAllowedGroups: [],
    personGroups: new Set(),
    bookableDays: [],
    capacity: 0,
    areaBookings: [],
    personOverlapping: 0,
    personUpcoming: 0,
  });
  it('passes a plain booking and reports the first failing rule', () => {
    expect(firstViolation(base())).toBeNull();
    const f = { ...base(), subject: 'ab', window: win('2030-03-04T09:00', '2030-03-05T09:00') };
    expect(code(firstViolation(f))).toBe(1012);
  });
  it('exempts admins with no_admin_restrictions from limits but not from capacity, groups or the past', () => {
    const heavy = {
      ...base(),
      window: win('2030-04-30T00:00', '2030-05-01T12:00'),
      personUpcoming: 99,
      personOverlapping: 99,
    };
    expect(code(firstViolation(heavy))).toBe(1005);
    expect(firstViolation({ ...heavy, exempt: true })).toBeNull();
    expect(
      code(
        firstViolation({
          ...heavy,
          exempt: true,
          capacity: 1,
          areaBookings: [{ enter: 0, leave: Number.MAX_SAFE_INTEGER }],
        }),
      ),
    ).toBe(1002);
    expect(
      code(firstViolation({ ...heavy, exempt: true, space: { requireSubject: false, allowedGroups: ['g'] } })),
    ).toBe(1009);
    expect(code(firstViolation({ ...base(), exempt: true, window: win('2030-03-01T09:00', '2030-03-01T10:00') }))).toBe(
      1011,
    );
  });
  it('does not count upcoming bookings on update', () => {
    expect(code(firstViolation({ ...base(), personUpcoming: 10 }))).toBe(1003);
    expect(firstViolation({ ...base(), mode: 'update', personUpcoming: 10 })).toBeNull();
  });
});

describe('cancelling', () => {
  const settings = { ...bookingSettings(new Map()), enableMaxHoursBeforeDelete: true, maxHoursBeforeDelete: 24 };
  const now = at('2030-05-10T12:00');

  it("keeps bookings that ended before today began in the area's zone", () => {
    expect(notPast(win('2030-05-09T08:00', '2030-05-09T23:59'), now)?.status).toBe(400);
    // Ended earlier today: still cancellable (today's history is not yet history).
    expect(notPast(win('2030-05-10T06:00', '2030-05-10T07:00'), now)).toBeNull();
    // The area's calendar decides: at 01:00 on the 10th in Tokyo, 23:30 on the 9th was yesterday.
    const tokyo = win('2030-05-09T20:00', '2030-05-09T23:30', 'Asia/Tokyo');
    expect(notPast(tokyo, at('2030-05-10T01:00', 'Asia/Tokyo'))?.status).toBe(400);
  });

  it('refuses a cancellation within the cut-off with 403 and 1008, counting whole hours', () => {
    expect(code(cancelCutoff(win('2030-05-11T11:00', '2030-05-11T12:00'), now, settings))).toBe(1008);
    expect(cancelCutoff(win('2030-05-11T11:00', '2030-05-11T12:00'), now, settings)?.status).toBe(403);
    expect(cancelCutoff(win('2030-05-11T12:00', '2030-05-11T13:00'), now, settings)).toBeNull();
    expect(
      cancelCutoff(win('2030-05-11T11:00', '2030-05-11T12:00'), now, {
        ...settings,
        enableMaxHoursBeforeDelete: false,
      }),
    ).toBeNull();
    expect(
      cancelCutoff(win('2030-05-11T11:00', '2030-05-11T12:00'), now, { ...settings, maxHoursBeforeDelete: 0 }),
    ).toBeNull();
  });

  it('lets an exempt admin past the cut-off but never past the past', () => {
    const soon = win('2030-05-10T13:00', '2030-05-10T14:00');
    expect(code(firstCancelViolation(soon, now, settings, false))).toBe(1008);
    expect(firstCancelViolation(soon, now, settings, true)).toBeNull();
    expect(firstCancelViolation(win('2030-05-01T08:00', '2030-05-01T09:00'), now, settings, true)?.status).toBe(400);
  });
});
