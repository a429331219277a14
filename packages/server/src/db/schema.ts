import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely table types. Keep in step with ../../migrations/*.sql. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SystemSettingsTable {
  name: string;
  value: string;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  contact_firstname: Generated<string>;
  contact_lastname: Generated<string>;
  contact_email: Generated<string>;
  language: Generated<string>;
  signup_date: DefaultTimestamp;
}

export interface OrganizationDomainsTable {
  organization_id: string;
  domain: string;
  active: Generated<boolean>;
  verify_token: Generated<string>;
  is_primary: Generated<boolean>;
  accessible: Generated<boolean>;
  access_check: Date | null;
}

export interface SettingsTable {
  organization_id: string;
  name: string;
  value: string;
}

export interface AuthProvidersTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  provider_type: Generated<number>;
  auth_url: Generated<string>;
  token_url: Generated<string>;
  auth_style: Generated<number>;
  scopes: Generated<string>;
  userinfo_url: Generated<string>;
  userinfo_email_field: Generated<string>;
  userinfo_firstname_field: Generated<string>;
  userinfo_lastname_field: Generated<string>;
  client_id: Generated<string>;
  client_secret: Generated<string>;
  logout_url: Generated<string>;
  profile_page_url: Generated<string>;
  read_only: Generated<boolean>;
}

export interface UsersTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  password_hash: string | null;
  auth_provider_id: string | null;
  atlassian_id: string | null;
  role: number;
  disabled: Generated<boolean>;
  firstname: Generated<string>;
  lastname: Generated<string>;
  last_activity_at: Date | null;
  totp_secret: string | null;
  password_pending: Generated<boolean>;
  password_update_required: Generated<boolean>;
  api_token_hash: string | null;
  created_at: DefaultTimestamp;
}

export interface UserPreferencesTable {
  user_id: string;
  name: string;
  value: string;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  device: Generated<string>;
  created_at: DefaultTimestamp;
  last_activity: DefaultTimestamp;
  expires_at: Timestamp;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  user_id: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface GroupsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
}

export interface UserGroupsTable {
  group_id: string;
  user_id: string;
}

export interface AuthStatesTable {
  id: Generated<string>;
  state_type: number;
  ref_id: string | null;
  payload: Generated<string>;
  expires_at: Timestamp;
}

export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  window_start: DefaultTimestamp;
  blocked_until: Date | null;
  strikes: Generated<number>;
  updated_at: DefaultTimestamp;
}

export interface RateLimitHitsTable {
  subject: string;
  window_start: ColumnType<string, number | string, number | string>;
  hits: Generated<number>;
}

export interface JobRunsTable {
  name: string;
  last_run_at: Timestamp;
}

export interface LocationsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  description: Generated<string>;
  max_concurrent_bookings: Generated<number>;
  timezone: Generated<string>;
  enabled: Generated<boolean>;
  map_scale: Generated<number>;
  map_type: Generated<string>;
  map_width: Generated<number>;
  map_height: Generated<number>;
  map_mime_type: Generated<string>;
  bookable_days: Generated<number[]>;
  /** Raised by triggers whenever the area's spaces or their links change. */
  spaces_version: Generated<number>;
}

export interface LocationMapsTable {
  location_id: string;
  data: Buffer;
  updated_at: DefaultTimestamp;
}

export interface LocationAllowedBookersTable {
  location_id: string;
  group_id: string;
}

export interface SpacesTable {
  id: Generated<string>;
  location_id: string;
  name: string;
  x: Generated<number>;
  y: Generated<number>;
  width: Generated<number>;
  height: Generated<number>;
  rotation: Generated<number>;
  require_subject: Generated<boolean>;
  enabled: Generated<boolean>;
  kiosk_enabled: Generated<boolean>;
  shape: Generated<string>;
  font_size: Generated<string>;
}

export interface SpaceGroupLinkTable {
  space_id: string;
  group_id: string;
}

export interface SpaceAttributesTable {
  id: Generated<string>;
  organization_id: string;
  label: string;
  type: Generated<number>;
  space_applicable: Generated<boolean>;
  location_applicable: Generated<boolean>;
}

export interface SpaceAttributeValuesTable {
  attribute_id: string;
  space_id: string;
  value: string;
}

export interface LocationAttributeValuesTable {
  attribute_id: string;
  location_id: string;
  value: string;
}

export interface RecurringBookingsTable {
  id: Generated<string>;
  user_id: string;
  space_id: string;
  subject: Generated<string>;
  enter_at: Timestamp;
  leave_at: Timestamp;
  end_at: Timestamp;
  cadence: number;
  cycle: Generated<number>;
  weekdays: Generated<number[]>;
  created_at: DefaultTimestamp;
}

export interface BookingsTable {
  id: Generated<string>;
  organization_id: string;
  location_id: string;
  space_id: string;
  user_id: string;
  enter_at: Timestamp;
  leave_at: Timestamp;
  approved: Generated<boolean>;
  subject: Generated<string>;
  recurring_id: string | null;
  caldav_id: Generated<string>;
  created_at: DefaultTimestamp;
  last_info_mail_sent_at: Date | null;
  reminder_sent_at: Date | null;
}

export interface BuddiesTable {
  id: Generated<string>;
  owner_id: string;
  buddy_id: string;
  created_at: DefaultTimestamp;
}

export interface StatsCacheTable {
  organization_id: string;
  key: string;
  computed_at: Timestamp;
  payload: ColumnType<unknown, string, string>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: DefaultTimestamp;
}

export interface Database {
  system_settings: SystemSettingsTable;
  organizations: OrganizationsTable;
  organization_domains: OrganizationDomainsTable;
  settings: SettingsTable;
  auth_providers: AuthProvidersTable;
  users: UsersTable;
  user_preferences: UserPreferencesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  auth_states: AuthStatesTable;
  login_throttle: LoginThrottleTable;
  rate_limit_hits: RateLimitHitsTable;
  job_runs: JobRunsTable;
  schema_migrations: SchemaMigrationsTable;
  locations: LocationsTable;
  location_maps: LocationMapsTable;
  location_allowed_bookers: LocationAllowedBookersTable;
  spaces: SpacesTable;
  space_approvers: SpaceGroupLinkTable;
  space_allowed_bookers: SpaceGroupLinkTable;
  space_attributes: SpaceAttributesTable;
  space_attribute_values: SpaceAttributeValuesTable;
  location_attribute_values: LocationAttributeValuesTable;
  recurring_bookings: RecurringBookingsTable;
  bookings: BookingsTable;
  buddies: BuddiesTable;
  stats_cache: StatsCacheTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type DomainRow = Selectable<OrganizationDomainsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LocationRow = Selectable<LocationsTable>;
export type SpaceRow = Selectable<SpacesTable>;
export type SpaceAttributeRow = Selectable<SpaceAttributesTable>;
export type GroupRow = Selectable<GroupsTable>;
export type BookingRow = Selectable<BookingsTable>;
export type RecurringBookingRow = Selectable<RecurringBookingsTable>;
