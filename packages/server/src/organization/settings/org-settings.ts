import { SETTINGS, type SettingName } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import { readSettings } from './repo.js';

/** Organisation settings that booking rules read, parsed once. */
export interface BookingSettings {
  maxBookingsPerUser: number;
  maxConcurrentPerUser: number;
  maxDaysInAdvance: number;
  maxDurationHours: number;
  minDurationHours: number;
  maxHoursBeforeDelete: number;
  enableMaxHoursBeforeDelete: boolean;
  dailyBasis: boolean;
  noAdminRestrictions: boolean;
  /** 1 = subjects disabled, 2 = optional, 3 = required by default in the editor. */
  subjectDefault: number;
  allowBookingNonexistUsers: boolean;
  showNames: boolean;
  disableBuddies: boolean;
  allowRecurring: boolean;
}

/**
 * An organisation's settings as the booking core reads them, typed. A setting without a row
 * (or with a value that does not parse) has the catalogue's default.
 */
export function bookingSettings(stored: ReadonlyMap<string, string>): BookingSettings {
  const text = (name: SettingName): string => stored.get(name) ?? SETTINGS[name].default ?? '';
  const int = (name: SettingName): number => {
    const v = stored.get(name);
    const n = Number(v);
    return v !== undefined && v !== '' && Number.isFinite(n) ? n : Number(SETTINGS[name].default ?? 0);
  };
  const bool = (name: SettingName): boolean => text(name) === '1';
  return {
    maxBookingsPerUser: int('max_bookings_per_user'),
    maxConcurrentPerUser: int('max_concurrent_bookings_per_user'),
    maxDaysInAdvance: int('max_days_in_advance'),
    maxDurationHours: int('max_booking_duration_hours'),
    minDurationHours: int('min_booking_duration_hours'),
    maxHoursBeforeDelete: int('max_hours_before_delete'),
    enableMaxHoursBeforeDelete: bool('enable_max_hours_before_delete'),
    dailyBasis: bool('daily_basis_booking'),
    noAdminRestrictions: bool('no_admin_restrictions'),
    subjectDefault: int('subject_default'),
    allowBookingNonexistUsers: bool('allow_booking_nonexist_users'),
    showNames: bool('show_names'),
    disableBuddies: bool('disable_buddies'),
    allowRecurring: text('allow_recurring_bookings') !== '0',
  };
}

/** Reads and types an organisation's booking settings. */
export async function loadBookingSettings(db: Db, orgId: string): Promise<BookingSettings> {
  return bookingSettings(await readSettings(db, orgId));
}

/**
 * SQL for a column holding all settings of the organisation `orgIdSql` as one JSON object,
 * for queries that load settings together with what they belong to in one round trip.
 */
export const orgSettingsJson = (orgIdSql: string): string =>
  `(SELECT coalesce(json_object_agg(st.name, st.value), '{}') FROM settings st WHERE st.organization_id = ${orgIdSql})`;
