/**
 * The organisation settings this screen edits, with the types, ranges and defaults of the
 * contract's catalogue (`SETTINGS` in settings-catalogue.ts). They are restated here because the
 * catalogue module pulls zod into the bundle; `settings-fields.test.ts` checks that both agree.
 */
export type SettingFieldType = 'bool' | 'int' | 'string';

export interface SettingField {
  readonly type: SettingFieldType;
  readonly default: string;
  readonly min?: number;
  readonly max?: number;
  readonly check?: 'url' | 'timezone';
  readonly maxLength?: number;
}

const bool = (def: '0' | '1'): SettingField => ({ type: 'bool', default: def });
const int = (def: number, min: number, max: number): SettingField => ({ type: 'int', default: String(def), min, max });

export const SETTING_FIELDS = {
  max_bookings_per_user: int(10, 1, 9999),
  max_concurrent_bookings_per_user: int(0, 0, 9999),
  max_days_in_advance: int(14, 0, 9999),
  max_booking_duration_hours: int(12, 0, 9999),
  min_booking_duration_hours: int(0, 0, 9999),
  enable_max_hours_before_delete: bool('0'),
  max_hours_before_delete: int(0, 0, 9999),
  no_admin_restrictions: bool('0'),
  daily_basis_booking: bool('0'),
  allow_recurring_bookings: bool('1'),
  subject_default: int(2, 1, 3),
  max_hours_partially_booked_enabled: bool('0'),
  max_hours_partially_booked: int(8, 0, 9999),
  allow_booking_nonexist_users: bool('0'),
  show_names: bool('0'),
  disable_buddies: bool('0'),
  new_user_default_mail_notification: bool('1'),
  custom_logo_url: { type: 'string', default: '', check: 'url', maxLength: 256 },
  default_timezone: { type: 'string', default: 'Europe/Berlin', check: 'timezone', maxLength: 64 },
  allow_any_user: bool('1'),
  enforce_totp: int(0, 0, 2),
  hide_stats: bool('0'),
  target_utilization_hours_per_week: int(40, 0, 168),
  booking_retention_enabled: bool('0'),
  booking_retention_days: int(365, 30, 999),
} as const satisfies Record<string, SettingField>;

export type SettingFieldName = keyof typeof SETTING_FIELDS;
export const SETTING_FIELD_NAMES = Object.keys(SETTING_FIELDS) as SettingFieldName[];

/** A number that only counts while a switch is on; while it is off the number is neither checked nor sent when invalid. */
export const ENABLED_BY: Partial<Record<SettingFieldName, SettingFieldName>> = {
  max_hours_before_delete: 'enable_max_hours_before_delete',
  max_hours_partially_booked: 'max_hours_partially_booked_enabled',
  booking_retention_days: 'booking_retention_enabled',
};
