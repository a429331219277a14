import { isTimeOfDay } from '@perch/contract';
import type { DateTime } from 'luxon';

/** Whether people check in: not at all, by a click or a scan, or only by scanning the space's code. */
export const CHECK_IN_MODES = { off: 0, clickOrScan: 1, scanOnly: 2 } as const;
export type CheckInMode = (typeof CHECK_IN_MODES)[keyof typeof CHECK_IN_MODES];

/** The longest a check-in window may open before the start: 12 hours. */
export const MAX_OPENS_MINUTES = 720;
/** The latest a booking can be missed after its start: a time of day up to a day after it. */
export const LONGEST_DEADLINE_HOURS = 24;
/** A booking this long or longer needs no check-in where the policy exempts long bookings. */
export const LONG_BOOKING_MINUTES = 8 * 60;

/** The check-in policy that applies to one space. */
export interface CheckInPolicy {
  mode: CheckInMode;
  /** The window opens this many minutes before the start. */
  opensMinutes: number;
  /** A booking not checked in this many minutes after its start is missed (unless `releaseTime`). */
  graceMinutes: number;
  /** Instead of the grace: missed at this time of day ("HH:MM") in the area's zone, on the start's day. */
  releaseTime: string | null;
  /** A missed booking is released (else it is only counted as a no-show). */
  release: boolean;
  /** Bookings of LONG_BOOKING_MINUTES or longer need no check-in. */
  exemptLong: boolean;
}

/** One level of the policy (organisation, area or space): null leaves a field to the level above. */
export type CheckInPolicyLayer = { [K in keyof CheckInPolicy]?: CheckInPolicy[K] | null };

export type PolicyLevel = 'default' | 'organization' | 'area' | 'space';

/** The policy of a space and, for each field, the level it comes from (for the admin screens). */
export interface EffectivePolicy {
  policy: CheckInPolicy;
  source: Record<keyof CheckInPolicy, PolicyLevel>;
}

export const DEFAULT_CHECK_IN_POLICY: CheckInPolicy = {
  mode: CHECK_IN_MODES.off,
  opensMinutes: 15,
  graceMinutes: 30,
  releaseTime: null,
  release: true,
  exemptLong: false,
};

/**
 * The most specific level wins: the space's value, else the area's, else the organisation's,
 * else the default. A time of day and a grace in minutes are one choice: the level that sets
 * either decides both.
 */
export function effectivePolicy(
  organization: CheckInPolicyLayer,
  area: CheckInPolicyLayer = {},
  space: CheckInPolicyLayer = {},
): EffectivePolicy {
  const levels: Array<[PolicyLevel, CheckInPolicyLayer]> = [
    ['space', space],
    ['area', area],
    ['organization', organization],
  ];
  const pick = <K extends keyof CheckInPolicy>(key: K): [CheckInPolicy[K], PolicyLevel] => {
    for (const [level, layer] of levels) {
      const value = layer[key];
      if (value !== undefined && value !== null) return [value as CheckInPolicy[K], level];
    }
    return [DEFAULT_CHECK_IN_POLICY[key], 'default'];
  };
  const deadline = levels.find(
    ([, layer]) => (layer.graceMinutes ?? null) !== null || (layer.releaseTime ?? null) !== null,
  );
  const [mode, modeFrom] = pick('mode');
  const [opensMinutes, opensFrom] = pick('opensMinutes');
  const [release, releaseFrom] = pick('release');
  const [exemptLong, exemptFrom] = pick('exemptLong');
  const deadlineFrom: PolicyLevel = deadline ? deadline[0] : 'default';
  const graceMinutes = deadline?.[1].graceMinutes ?? DEFAULT_CHECK_IN_POLICY.graceMinutes;
  const releaseTime = deadline?.[1].releaseTime ?? null;
  return {
    policy: { mode, opensMinutes, graceMinutes, releaseTime, release, exemptLong },
    source: {
      mode: modeFrom,
      opensMinutes: opensFrom,
      graceMinutes: deadlineFrom,
      releaseTime: deadlineFrom,
      release: releaseFrom,
      exemptLong: exemptFrom,
    },
  };
}

/** A booking's times, as instants. */
export interface BookingTimes {
  enter: DateTime;
  leave: DateTime;
}

/** Whether this booking needs a check-in at all under `policy`. */
export function needsCheckIn(booking: BookingTimes, policy: CheckInPolicy): boolean {
  if (policy.mode === CHECK_IN_MODES.off) return false;
  const minutes = booking.leave.diff(booking.enter, 'minutes').minutes;
  return !(policy.exemptLong && minutes >= LONG_BOOKING_MINUTES);
}

/** When the check-in window opens. */
export const windowOpensAt = (booking: BookingTimes, policy: CheckInPolicy): DateTime =>
  booking.enter.minus({ minutes: policy.opensMinutes });

/**
 * When a booking not checked in counts as missed: the start plus the grace, or the time of day
 * of the policy on the start's day in the area's zone (wall-clock time, so 10:00 stays 10:00
 * across a change to or from summer time). A time of day that is not after the start (a
 * booking from 11:00 under "by 10:00") falls back to the grace. Never after the booking's end.
 */
export function missedAt(booking: BookingTimes, policy: CheckInPolicy, zone: string): DateTime {
  let deadline = booking.enter.plus({ minutes: policy.graceMinutes });
  if (policy.releaseTime && isTimeOfDay(policy.releaseTime)) {
    const [hour, minute] = policy.releaseTime.split(':').map(Number);
    const local = booking.enter.setZone(zone);
    const atTime = local.set({ hour, minute, second: 0, millisecond: 0 });
    if (atTime > booking.enter) deadline = atTime;
  }
  return deadline < booking.leave ? deadline : booking.leave;
}

/**
 * A booking made inside the check-in window, or starting less than the grace after it was
 * made, counts as checked in when it is made: the person is there or on the way.
 */
export function checkedInWhenMade(booking: BookingTimes, policy: CheckInPolicy, madeAt: DateTime): boolean {
  if (!needsCheckIn(booking, policy)) return false;
  return madeAt >= windowOpensAt(booking, policy) || booking.enter < madeAt.plus({ minutes: policy.graceMinutes });
}

/** Why a check-in is refused, or null when it is accepted. */
export type CheckInRefusal = 'off' | 'not-yet' | 'closed' | 'needs-scan' | 'released';

/**
 * Whether a check-in now is accepted: the policy asks for one, the window is open (from
 * `windowOpensAt` until the booking ends), the booking was not released, and under "scan
 * only" the space's code was scanned.
 */
export function checkInRefusal(
  booking: BookingTimes & { releasedAt: DateTime | null },
  policy: CheckInPolicy,
  now: DateTime,
  scanned: boolean,
): CheckInRefusal | null {
  if (booking.releasedAt) return 'released';
  if (policy.mode === CHECK_IN_MODES.off) return 'off';
  if (now < windowOpensAt(booking, policy)) return 'not-yet';
  if (now >= booking.leave) return 'closed';
  if (policy.mode === CHECK_IN_MODES.scanOnly && !scanned) return 'needs-scan';
  return null;
}

/**
 * Whether the release job releases this booking now: it needs a check-in, had none, is not
 * released yet, the policy releases missed bookings, it was missed, and it has not ended.
 */
export function dueForRelease(
  booking: BookingTimes & { checkedInAt: DateTime | null; releasedAt: DateTime | null },
  policy: CheckInPolicy,
  zone: string,
  now: DateTime,
): boolean {
  if (booking.checkedInAt || booking.releasedAt || !policy.release) return false;
  if (!needsCheckIn(booking, policy)) return false;
  return now >= missedAt(booking, policy, zone) && now < booking.leave;
}

/** The last reminder goes out this many minutes before a booking that would be released is missed. */
export const LAST_CALL_MINUTES = 10;

/** A check-in reminder: the window is open, or the last call before the release. */
export type CheckInReminderKind = 'window-open' | 'last-call';

/**
 * Which reminder a booking waiting for its check-in is due now, if any: none before the window
 * opens or once the booking is missed. The window-open one from the moment the window opens;
 * the last call from `LAST_CALL_MINUTES` before the booking is missed, only where missing it
 * releases the booking. Each once. When both are due (a short window), only the last call.
 */
export function reminderDue(
  booking: BookingTimes & { remindedAt: DateTime | null; lastCallAt: DateTime | null },
  policy: CheckInPolicy,
  zone: string,
  now: DateTime,
): CheckInReminderKind | null {
  if (!needsCheckIn(booking, policy) || booking.lastCallAt) return null;
  const missed = missedAt(booking, policy, zone);
  if (now < windowOpensAt(booking, policy) || now >= missed) return null;
  if (policy.release && now >= missed.minus({ minutes: LAST_CALL_MINUTES })) return 'last-call';
  return booking.remindedAt ? null : 'window-open';
}
