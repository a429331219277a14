import type { BookingSettings } from './types.js';

const int = (m: ReadonlyMap<string, string>, name: string, fallback: number): number => {
  const v = Number(m.get(name));
  return Number.isFinite(v) && m.get(name) !== '' && m.has(name) ? v : fallback;
};
const bool = (m: ReadonlyMap<string, string>, name: string): boolean => m.get(name) === '1';

/** Reads the booking settings from an organisation's stored settings (absent rows: defaults). */
export function bookingSettings(m: ReadonlyMap<string, string>): BookingSettings {
  return {
    maxBookingsPerUser: int(m, 'max_bookings_per_user', 10),
    maxConcurrentPerUser: int(m, 'max_concurrent_bookings_per_user', 0),
    maxDaysInAdvance: int(m, 'max_days_in_advance', 14),
    maxDurationHours: int(m, 'max_booking_duration_hours', 12),
    minDurationHours: int(m, 'min_booking_duration_hours', 0),
    maxHoursBeforeDelete: int(m, 'max_hours_before_delete', 0),
    enableMaxHoursBeforeDelete: bool(m, 'enable_max_hours_before_delete'),
    dailyBasis: bool(m, 'daily_basis_booking'),
    noAdminRestrictions: bool(m, 'no_admin_restrictions'),
    subjectDefault: int(m, 'subject_default', 2),
    allowBookingNonexistUsers: bool(m, 'allow_booking_nonexist_users'),
    showNames: bool(m, 'show_names'),
    disableBuddies: bool(m, 'disable_buddies'),
    allowRecurring: m.get('allow_recurring_bookings') !== '0',
  };
}
