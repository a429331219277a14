import { isHttpsUrl, isTimeOfDay } from './validation.js';

/** How a setting value is typed on the wire. All values travel as strings. */
export type SettingType = 'bool' | 'int' | 'string';

/** Who may read a setting through the API: any org member, or org admins only. */
export type SettingVisibility = 'public' | 'admin';

export interface SettingDefinition {
  readonly type: SettingType;
  /** The value written when an organisation is created; `null` means no row is created. */
  readonly default: string | null;
  readonly read: SettingVisibility;
  /** Accepted by `PUT /setting/…` (org admins only). Feature flags are not writable. */
  readonly writable: boolean;
  readonly min?: number;
  readonly max?: number;
  /** Extra check for string values (`url`: an https URL); `''` always passes (it clears the value). */
  readonly check?: 'url' | 'timezone' | 'origins' | 'time';
  /** Stored as a secret: reads return "1" when set and "" otherwise. */
  readonly secret?: boolean;
  readonly maxLength?: number;
}

const bool = (def: '0' | '1', read: SettingVisibility = 'public'): SettingDefinition => ({
  type: 'bool',
  default: def,
  read,
  writable: true,
});
const int = (def: number, min: number, max: number, read: SettingVisibility = 'public'): SettingDefinition => ({
  type: 'int',
  default: String(def),
  read,
  writable: true,
  min,
  max,
});
const feature: SettingDefinition = { type: 'bool', default: '1', read: 'public', writable: false };
/** A feature this version does not have: clients (the Seatsurfing web UI too) hide it. */
const featureOff: SettingDefinition = { ...feature, default: '0' };

/** Organisation settings, with their types, ranges and defaults. */
export const SETTINGS = {
  allow_any_user: bool('1', 'admin'),
  confluence_server_shared_secret: {
    type: 'string',
    default: '',
    read: 'admin',
    writable: true,
    secret: true,
    maxLength: 256,
  },
  confluence_anonymous: bool('0', 'admin'),
  /**
   * Perch addition: a wiki user whose address is on a domain the organisation has not verified
   * signs in with the local part on the organisation's domain (`kim@elsewhere.example` →
   * `kim@<domain>`). Off (the default), such a user is refused.
   */
  confluence_map_foreign_domains: bool('0', 'admin'),
  /**
   * Perch addition: the web origins (`https://wiki.example.com`, space-separated) that may show
   * Perch in a frame, on top of the server's FRAME_ANCESTORS.
   */
  confluence_frame_origins: {
    type: 'string',
    default: '',
    read: 'admin',
    writable: true,
    check: 'origins',
    maxLength: 2048,
  },
  max_bookings_per_user: int(10, 1, 9999),
  max_concurrent_bookings_per_user: int(0, 0, 9999),
  max_days_in_advance: int(14, 0, 9999),
  max_booking_duration_hours: int(12, 0, 9999),
  min_booking_duration_hours: int(0, 0, 9999),
  enable_max_hours_before_delete: bool('0'),
  max_hours_before_delete: int(0, 0, 9999),
  max_hours_partially_booked_enabled: bool('0'),
  max_hours_partially_booked: int(8, 0, 9999),
  daily_basis_booking: bool('0'),
  no_admin_restrictions: bool('0'),
  custom_logo_url: {
    type: 'string',
    default: '',
    read: 'public',
    writable: true,
    check: 'url',
    maxLength: 256,
  },
  show_names: bool('0'),
  allow_booking_nonexist_users: bool('0'),
  disable_buddies: bool('0'),
  default_timezone: {
    type: 'string',
    default: 'Europe/Berlin',
    read: 'public',
    writable: true,
    check: 'timezone',
    maxLength: 64,
  },
  allow_recurring_bookings: bool('1'),
  new_user_default_mail_notification: bool('1', 'admin'),
  subject_default: int(2, 1, 3),
  booking_retention_enabled: bool('0', 'admin'),
  booking_retention_days: int(365, 30, 999, 'admin'),
  target_utilization_hours_per_week: int(40, 0, 168, 'admin'),
  // Requiring a second factor: 0 off, 1 everyone, 2 space admins and up (accounts bound to a
  // sign-in provider are exempt; their provider decides).
  enforce_totp: int(0, 0, 2),
  hide_reports: bool('0'),
  hide_stats: bool('0'),
  kiosk_mode_enabled: bool('0', 'admin'),
  kiosk_access_secret: {
    type: 'string',
    default: null,
    read: 'admin',
    writable: true,
    secret: true,
    maxLength: 256,
  },
  /**
   * Perch addition, check-in: 0 off, 1 by a click or a scan, 2 only by scanning the space's code.
   * Areas and spaces may set their own; the most specific wins.
   */
  checkin_mode: int(0, 0, 2),
  /** Minutes before the start at which people may check in (up to 12 hours). */
  checkin_opens_minutes: int(15, 0, 720),
  /** Minutes after the start by which people check in, unless `checkin_release_time`. */
  checkin_grace_minutes: int(30, 1, 720),
  /** "HH:MM": check in by this time of day in the area's zone instead; '' uses the grace. */
  checkin_release_time: { type: 'string', default: '', read: 'public', writable: true, check: 'time', maxLength: 5 },
  /** A booking not checked in is released (1) or only counted as a no-show (0). */
  checkin_release: bool('1'),
  /** Bookings of eight hours or longer need no check-in. */
  checkin_exempt_long: bool('0'),
  /** This many no-shows in a row end a recurring series (0: never). */
  checkin_series_end_after: int(0, 0, 99),
  feature_no_user_limit: feature,
  feature_custom_domains: feature,
  feature_groups: feature,
  // Sign-in providers come with company sign-in; kiosk mode is not planned (see docs/compatibility.md).
  feature_auth_providers: feature,
  feature_recurring_bookings: feature,
  feature_kiosk_mode: featureOff,
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

export function isSettingName(name: string): name is SettingName {
  return Object.prototype.hasOwnProperty.call(SETTINGS, name);
}

/** Virtual, read-only settings computed by the server; `read` says who sees them. */
export const SYSTEM_SETTINGS = {
  _sys_version: 'public',
  _sys_org_primary_domain: 'public',
  _sys_org_language: 'public',
  _sys_disable_password_login: 'public',
  _sys_org_signup_delete: 'admin',
  _sys_admin_menu_items: 'spaceAdmin',
  _sys_admin_welcome_screens: 'admin',
  _sys_install_id: 'admin',
} as const;
export type SystemSettingName = keyof typeof SYSTEM_SETTINGS;

export type SettingValueProblem = 'type' | 'range' | 'format' | 'length';

/**
 * Checks a value for a setting. Returns the kind of problem, or null when it is valid.
 * `isTimezone` is supplied by the caller (the server knows its zone list).
 */
/**
 * A list of web origins (`scheme://host[:port]`, separated by spaces, commas or line breaks), in
 * their normal form; null when an entry is no http(s) origin (a path, a wildcard, a typo).
 */
export function parseOrigins(value: string): string[] | null {
  const origins: string[] = [];
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return null;
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare || url.hostname.includes('*')) return null;
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

export function checkSettingValue(
  def: SettingDefinition,
  value: string,
  isTimezone: (tz: string) => boolean = () => true,
): SettingValueProblem | null {
  if (value.length > (def.maxLength ?? 256)) return 'length';
  switch (def.type) {
    case 'bool':
      return value === '0' || value === '1' ? null : 'type';
    case 'int': {
      if (!/^-?\d{1,9}$/.test(value)) return 'type';
      const n = Number(value);
      if (def.min !== undefined && n < def.min) return 'range';
      if (def.max !== undefined && n > def.max) return 'range';
      return null;
    }
    case 'string':
      if (value === '') return null;
      if (def.check === 'url' && !isHttpsUrl(value)) return 'format';
      if (def.check === 'timezone' && !isTimezone(value)) return 'format';
      if (def.check === 'origins' && !parseOrigins(value)) return 'format';
      if (def.check === 'time' && !isTimeOfDay(value)) return 'format';
      return null;
  }
}
