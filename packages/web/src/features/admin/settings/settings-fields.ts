import type { SettingDefinition, SettingName } from '@perch/contract';
import { SETTINGS } from '@perch/contract/values';

/**
 * The organisation settings this screen edits. Their types, ranges and defaults are the
 * contract's catalogue (`SETTINGS`); feature flags, secrets and the kiosk are not edited here.
 */
export const SETTING_FIELD_NAMES = [
  'max_bookings_per_user',
  'max_concurrent_bookings_per_user',
  'max_days_in_advance',
  'max_booking_duration_hours',
  'min_booking_duration_hours',
  'enable_max_hours_before_delete',
  'max_hours_before_delete',
  'no_admin_restrictions',
  'daily_basis_booking',
  'allow_recurring_bookings',
  'subject_default',
  'max_hours_partially_booked_enabled',
  'max_hours_partially_booked',
  'allow_booking_nonexist_users',
  'show_names',
  'disable_buddies',
  'new_user_default_mail_notification',
  'custom_logo_url',
  'default_timezone',
  'hide_stats',
  'hide_reports',
  'target_utilization_hours_per_week',
  'booking_retention_enabled',
  'booking_retention_days',
  'enforce_totp',
  'checkin_mode',
  'checkin_opens_minutes',
  'checkin_grace_minutes',
  'checkin_release_time',
  'checkin_release',
  'checkin_exempt_long',
  'checkin_series_end_after',
] as const satisfies readonly SettingName[];

export type SettingFieldName = (typeof SETTING_FIELD_NAMES)[number];
export type SettingField = SettingDefinition;

export const SETTING_FIELDS: Readonly<Record<SettingFieldName, SettingField>> = SETTINGS;

/** A number that only counts while a switch is on; while it is off the number is neither checked nor sent when invalid. */
export const ENABLED_BY: Partial<Record<SettingFieldName, SettingFieldName>> = {
  max_hours_before_delete: 'enable_max_hours_before_delete',
  max_hours_partially_booked: 'max_hours_partially_booked_enabled',
  booking_retention_days: 'booking_retention_enabled',
};
