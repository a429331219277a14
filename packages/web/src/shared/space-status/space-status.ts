import type { AvailabilityBooking, PreferenceName, SpaceAvailability } from '@perch/contract';
import { isColor, PREFERENCES } from '@perch/contract/values';
import type { ValueMap } from '../../app/session/session-data';
import { intSetting } from '../settings/int-setting';
import { combine, datePart, fromApiTime, minutesBetween, type TimeOfDay, type WallTime } from '../time/wall-time';

/** What a space looks like to the user in the window; the first that applies wins, in this order. */
export type SpaceStatus = 'mine' | 'buddy' | 'disallowed' | 'partial' | 'available' | 'booked';

export const STATUS_ORDER: readonly SpaceStatus[] = ['available', 'partial', 'booked', 'mine', 'buddy', 'disallowed'];

/** The preference holding each status colour. */
const COLOUR_PREFERENCE = {
  booked: 'booked_color',
  available: 'not_booked_color',
  mine: 'self_booked_color',
  partial: 'partially_booked_color',
  buddy: 'buddy_booked_color',
  disallowed: 'disallowed_color',
} as const satisfies Record<SpaceStatus, PreferenceName>;

export type ColourPreference = (typeof COLOUR_PREFERENCE)[SpaceStatus];

/** The preference holding each status colour, and its default from the contract's catalogue. */
export const STATUS_COLOR = Object.fromEntries(
  Object.entries(COLOUR_PREFERENCE).map(([status, pref]) => [status, { pref, fallback: PREFERENCES[pref].default }]),
) as Record<SpaceStatus, { pref: ColourPreference; fallback: string }>;

export type StatusColors = Record<SpaceStatus, string>;

export function statusColors(preferences: ValueMap): StatusColors {
  const entries = Object.entries(STATUS_COLOR).map(([status, { pref, fallback }]) => [
    status,
    isColor(preferences[pref] ?? '') ? preferences[pref] : fallback,
  ]);
  return Object.fromEntries(entries) as StatusColors;
}

export interface StatusContext {
  userId: string;
  userEmail: string;
  /** `max_hours_partially_booked`, when `max_hours_partially_booked_enabled` is on. */
  partialMaxHours: number | null;
  workdayStart: TimeOfDay;
  workdayEnd: TimeOfDay;
}

export const isMine = (b: AvailabilityBooking, ctx: Pick<StatusContext, 'userId' | 'userEmail'>) =>
  b.userId === ctx.userId || (b.userEmail !== '' && b.userEmail.toLowerCase() === ctx.userEmail.toLowerCase());

/** The booked span from the earliest enter to the latest leave, clipped to the working hours. */
function bookedWorkingMinutes(bookings: readonly AvailabilityBooking[], ctx: StatusContext): number {
  const enters = bookings.map((b) => fromApiTime(b.enter)).sort();
  const leaves = bookings.map((b) => fromApiTime(b.leave)).sort();
  const first = enters[0] as WallTime;
  const last = leaves[leaves.length - 1] as WallTime;
  const dayStart = combine(datePart(first), ctx.workdayStart);
  const dayEnd = combine(datePart(last), ctx.workdayEnd);
  const from = first > dayStart ? first : dayStart;
  const to = last < dayEnd ? last : dayEnd;
  return Math.max(0, minutesBetween(from, to));
}

export function spaceStatus(space: SpaceAvailability, ctx: StatusContext): SpaceStatus {
  if (space.bookings.some((b) => isMine(b, ctx))) return 'mine';
  if (space.bookings.some((b) => b.isBuddy)) return 'buddy';
  if (!space.allowed || !space.enabled) return 'disallowed';
  if (
    ctx.partialMaxHours !== null &&
    space.bookings.length > 0 &&
    bookedWorkingMinutes(space.bookings, ctx) < ctx.partialMaxHours * 60
  )
    return 'partial';
  return space.available ? 'available' : 'booked';
}

/** The space can be booked for the whole window. */
export const isBookable = (space: SpaceAvailability) => space.available && space.allowed && space.enabled;

export function partialMaxHoursFrom(settings: ValueMap): number | null {
  if (settings.max_hours_partially_booked_enabled !== '1') return null;
  return intSetting(settings, 'max_hours_partially_booked');
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function readableTextOn(hex: string): '#000' | '#fff' {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const channel = (i: number) => {
    const c = Number.parseInt(full.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.179 ? '#000' : '#fff';
}
