import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_MODES,
  DEFAULT_CHECK_IN_POLICY,
  checkInRefusal,
  checkedInWhenMade,
  dueForRelease,
  effectivePolicy,
  missedAt,
  needsCheckIn,
  reminderDue,
  windowOpensAt,
  type CheckInPolicy,
} from './policy.js';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const at = (iso: string, zone = BERLIN) => DateTime.fromISO(iso, { zone });
const policy = (p: Partial<CheckInPolicy> = {}): CheckInPolicy => ({
  ...DEFAULT_CHECK_IN_POLICY,
  mode: CHECK_IN_MODES.clickOrScan,
  ...p,
});
const booking = (enter: string, leave: string, zone = BERLIN) => ({ enter: at(enter, zone), leave: at(leave, zone) });

describe('check-in policy: the most specific level wins', () => {
  it('takes the defaults where no level sets a value', () => {
    const { policy: p, source } = effectivePolicy({});
    expect(p).toEqual(DEFAULT_CHECK_IN_POLICY);
    expect(new Set(Object.values(source))).toEqual(new Set(['default']));
  });

  it('takes a space over its area over the organisation, field by field, and says where each comes from', () => {
    const { policy: p, source } = effectivePolicy(
      { mode: 1, opensMinutes: 20, release: false },
      { opensMinutes: 30, exemptLong: true },
      { mode: 2, release: null },
    );
    expect(p).toMatchObject({ mode: 2, opensMinutes: 30, release: false, exemptLong: true });
    expect(source).toMatchObject({ mode: 'space', opensMinutes: 'area', release: 'organization', exemptLong: 'area' });
  });

  it('treats the grace in minutes and the time of day as one choice: the level that sets either decides both', () => {
    const org = { releaseTime: '10:00' };
    expect(effectivePolicy(org, { graceMinutes: 45 }).policy).toMatchObject({ graceMinutes: 45, releaseTime: null });
    expect(effectivePolicy(org, {}).policy).toMatchObject({ graceMinutes: 30, releaseTime: '10:00' });
    expect(effectivePolicy(org, {}).source.releaseTime).toBe('organization');
    expect(effectivePolicy({ graceMinutes: 20 }, {}, { releaseTime: '09:30' }).policy).toMatchObject({
      releaseTime: '09:30',
      graceMinutes: 30,
    });
  });
});

describe('check-in policy: who needs to check in', () => {
  it('nobody when the mode is off', () => {
    expect(needsCheckIn(booking('2026-03-02T09:00', '2026-03-02T10:00'), policy({ mode: 0 }))).toBe(false);
  });

  it('bookings of eight hours or more are exempt only when the policy says so, and from exactly eight hours', () => {
    const eight = booking('2026-03-02T09:00', '2026-03-02T17:00');
    const almost = booking('2026-03-02T09:00', '2026-03-02T16:59');
    expect(needsCheckIn(eight, policy())).toBe(true);
    expect(needsCheckIn(eight, policy({ exemptLong: true }))).toBe(false);
    expect(needsCheckIn(almost, policy({ exemptLong: true }))).toBe(true);
  });
});

describe('check-in policy: the window', () => {
  const b = { ...booking('2026-03-02T09:00', '2026-03-02T12:00'), releasedAt: null };
  const p = policy({ opensMinutes: 15 });

  it('opens the given minutes before the start, to the minute', () => {
    expect(windowOpensAt(b, p).toISO()).toBe(at('2026-03-02T08:45').toISO());
    expect(checkInRefusal(b, p, at('2026-03-02T08:44:59'), false)).toBe('not-yet');
    expect(checkInRefusal(b, p, at('2026-03-02T08:45'), false)).toBeNull();
  });

  it('stays open until the booking ends', () => {
    expect(checkInRefusal(b, p, at('2026-03-02T11:59:59'), false)).toBeNull();
    expect(checkInRefusal(b, p, at('2026-03-02T12:00'), false)).toBe('closed');
  });

  it('refuses when check-in is off, without a scan under "scan only", and after a release', () => {
    expect(checkInRefusal(b, policy({ mode: 0 }), at('2026-03-02T09:00'), true)).toBe('off');
    expect(checkInRefusal(b, policy({ mode: 2 }), at('2026-03-02T09:00'), false)).toBe('needs-scan');
    expect(checkInRefusal(b, policy({ mode: 2 }), at('2026-03-02T09:00'), true)).toBeNull();
    expect(checkInRefusal({ ...b, releasedAt: at('2026-03-02T09:30') }, p, at('2026-03-02T09:31'), true)).toBe(
      'released',
    );
  });

  it('opens up to twelve hours early', () => {
    expect(windowOpensAt(b, policy({ opensMinutes: 720 })).toISO()).toBe(at('2026-03-01T21:00').toISO());
  });
});

describe('check-in policy: when a booking is missed', () => {
  it('after the grace in minutes', () => {
    const b = booking('2026-03-02T09:00', '2026-03-02T17:00');
    expect(missedAt(b, policy({ graceMinutes: 30 }), BERLIN).toISO()).toBe(at('2026-03-02T09:30').toISO());
  });

  it('never after the booking ends', () => {
    const b = booking('2026-03-02T09:00', '2026-03-02T09:20');
    expect(missedAt(b, policy({ graceMinutes: 30 }), BERLIN).toISO()).toBe(at('2026-03-02T09:20').toISO());
  });

  it('at a time of day in the area’s zone, in two zones', () => {
    const p = policy({ releaseTime: '10:00' });
    expect(missedAt(booking('2026-03-02T08:00', '2026-03-02T17:00'), p, BERLIN).toISO()).toBe(
      at('2026-03-02T10:00').toISO(),
    );
    const ny = booking('2026-03-02T08:00', '2026-03-02T17:00', NEW_YORK);
    expect(missedAt(ny, p, NEW_YORK).toUTC().toISO()).toBe('2026-03-02T15:00:00.000Z');
  });

  it('keeps the time of day across a change to summer time (Berlin 29 March, New York 8 March 2026)', () => {
    const p = policy({ releaseTime: '10:00' });
    // The day before and the day of the change: 10:00 on the wall, one hour less apart in UTC.
    expect(missedAt(booking('2026-03-28T08:00', '2026-03-28T17:00'), p, BERLIN).toUTC().toISO()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(missedAt(booking('2026-03-29T08:00', '2026-03-29T17:00'), p, BERLIN).toUTC().toISO()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(
      missedAt(booking('2026-03-08T08:00', '2026-03-08T17:00', NEW_YORK), p, NEW_YORK)
        .toUTC()
        .toISO(),
    ).toBe('2026-03-08T14:00:00.000Z');
    // A grace in minutes counts real minutes across the change (02:00 → 03:00 in Berlin).
    const overnight = booking('2026-03-29T01:30', '2026-03-29T09:00');
    expect(
      missedAt(overnight, policy({ graceMinutes: 60 }), BERLIN)
        .toUTC()
        .toISO(),
    ).toBe('2026-03-29T01:30:00.000Z');
  });

  it('falls back to the grace when the time of day is not after the start', () => {
    const p = policy({ releaseTime: '10:00', graceMinutes: 30 });
    expect(missedAt(booking('2026-03-02T11:00', '2026-03-02T17:00'), p, BERLIN).toISO()).toBe(
      at('2026-03-02T11:30').toISO(),
    );
    expect(missedAt(booking('2026-03-02T10:00', '2026-03-02T17:00'), p, BERLIN).toISO()).toBe(
      at('2026-03-02T10:30').toISO(),
    );
  });
});

describe('check-in policy: bookings made at the last moment count as checked in', () => {
  const b = booking('2026-03-02T09:00', '2026-03-02T17:00');
  const p = policy({ opensMinutes: 15, graceMinutes: 30 });

  it('made inside the window, or starting less than the grace after it was made', () => {
    expect(checkedInWhenMade(b, p, at('2026-03-02T08:45'))).toBe(true);
    expect(checkedInWhenMade(b, p, at('2026-03-02T08:30:01'))).toBe(true);
    expect(checkedInWhenMade(b, p, at('2026-03-02T08:30'))).toBe(false);
    expect(checkedInWhenMade(b, p, at('2026-03-01T18:00'))).toBe(false);
    expect(checkedInWhenMade(b, p, at('2026-03-02T10:00'))).toBe(true);
  });

  it('not when no check-in is needed', () => {
    expect(checkedInWhenMade(b, policy({ mode: 0 }), at('2026-03-02T08:50'))).toBe(false);
  });
});

describe('check-in policy: the release', () => {
  const b = { ...booking('2026-03-02T09:00', '2026-03-02T17:00'), checkedInAt: null, releasedAt: null };
  const p = policy({ graceMinutes: 30 });

  it('is due from the end of the grace, not a moment before, until the booking ends', () => {
    expect(dueForRelease(b, p, BERLIN, at('2026-03-02T09:29:59'))).toBe(false);
    expect(dueForRelease(b, p, BERLIN, at('2026-03-02T09:30'))).toBe(true);
    expect(dueForRelease(b, p, BERLIN, at('2026-03-02T17:00'))).toBe(false);
  });

  it('is not due for a checked-in, released, exempt or off booking, or where the policy does not release', () => {
    const now = at('2026-03-02T10:00');
    expect(dueForRelease({ ...b, checkedInAt: at('2026-03-02T08:50') }, p, BERLIN, now)).toBe(false);
    expect(dueForRelease({ ...b, releasedAt: at('2026-03-02T09:30') }, p, BERLIN, now)).toBe(false);
    expect(dueForRelease(b, policy({ exemptLong: true }), BERLIN, now)).toBe(false);
    expect(dueForRelease(b, policy({ mode: 0 }), BERLIN, now)).toBe(false);
    expect(dueForRelease(b, policy({ release: false }), BERLIN, now)).toBe(false);
  });
});

describe('check-in reminders', () => {
  // 09:00–13:00, window from 08:45, missed at 09:30, last call at 09:20.
  const b = (reminded: string | null = null, lastCall: string | null = null) => ({
    ...booking('2026-12-01T09:00', '2026-12-01T13:00'),
    remindedAt: reminded ? at(reminded) : null,
    lastCallAt: lastCall ? at(lastCall) : null,
  });
  const due = (booked: ReturnType<typeof b>, now: string, p = policy()) => reminderDue(booked, p, BERLIN, at(now));

  it('sends the window-open reminder from the moment the window opens, once', () => {
    expect(due(b(), '2026-12-01T08:44:59')).toBeNull();
    expect(due(b(), '2026-12-01T08:45')).toBe('window-open');
    expect(due(b('2026-12-01T08:45'), '2026-12-01T09:00')).toBeNull();
  });

  it('sends the last call ten minutes before the release, once, and nothing once missed', () => {
    expect(due(b('2026-12-01T08:45'), '2026-12-01T09:19:59')).toBeNull();
    expect(due(b('2026-12-01T08:45'), '2026-12-01T09:20')).toBe('last-call');
    expect(due(b('2026-12-01T08:45', '2026-12-01T09:20'), '2026-12-01T09:25')).toBeNull();
    expect(due(b(), '2026-12-01T09:30')).toBeNull();
  });

  it('sends only the last call when both are due (the window opens late)', () => {
    expect(due(b(), '2026-12-01T09:25')).toBe('last-call');
    expect(due(b(), '2026-12-01T09:25', policy({ opensMinutes: 0, graceMinutes: 5 }))).toBeNull();
    expect(due(b(), '2026-12-01T09:00', policy({ opensMinutes: 0, graceMinutes: 5 }))).toBe('last-call');
    // Never before the window opens, however close the deadline.
    expect(due(b(), '2026-12-01T08:59', policy({ opensMinutes: 0, graceMinutes: 5 }))).toBeNull();
  });

  it('sends no last call where a missed booking is kept, and none where no check-in is asked for', () => {
    expect(due(b('2026-12-01T08:45'), '2026-12-01T09:25', policy({ release: false }))).toBeNull();
    expect(due(b(), '2026-12-01T08:50', policy({ release: false }))).toBe('window-open');
    expect(due(b(), '2026-12-01T08:50', policy({ mode: CHECK_IN_MODES.off }))).toBeNull();
    const long = { ...b(), leave: at('2026-12-01T17:00') };
    expect(reminderDue(long, policy({ exemptLong: true }), BERLIN, at('2026-12-01T08:50'))).toBeNull();
  });

  it('counts the last call from a time-of-day deadline in the area zone', () => {
    const p = policy({ releaseTime: '10:00' });
    expect(reminderDue(b('2026-12-01T08:45'), p, BERLIN, at('2026-12-01T09:49'))).toBeNull();
    expect(reminderDue(b('2026-12-01T08:45'), p, BERLIN, at('2026-12-01T09:50'))).toBe('last-call');
  });
});
