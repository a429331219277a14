import type { CheckInOverrides } from '@perch/contract';

/**
 * The check-in overrides of an area's or a space's save, as columns: a field left out keeps
 * what is stored (clients that do not know check-in must not wipe it), null clears it (the
 * level above decides).
 */
export function checkInColumns(s: CheckInOverrides) {
  return {
    ...(s.checkinMode !== undefined ? { checkin_mode: s.checkinMode } : {}),
    ...(s.checkinOpensMinutes !== undefined ? { checkin_opens_minutes: s.checkinOpensMinutes } : {}),
    ...(s.checkinGraceMinutes !== undefined ? { checkin_grace_minutes: s.checkinGraceMinutes } : {}),
    ...(s.checkinReleaseTime !== undefined ? { checkin_release_time: s.checkinReleaseTime } : {}),
    ...(s.checkinRelease !== undefined ? { checkin_release: s.checkinRelease } : {}),
    ...(s.checkinExemptLong !== undefined ? { checkin_exempt_long: s.checkinExemptLong } : {}),
  };
}
