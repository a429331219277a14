import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  BookingsTable,
  CaldavSyncQueueTable,
  GroupsTable,
  LocationsTable,
  MailOutboxTable,
  OrganizationDomainsTable,
  OrganizationsTable,
  RecurringBookingsTable,
  SessionsTable,
  SpaceApproversTable,
  SpaceAttributesTable,
  SpacesTable,
  UsersTable,
} from './schema.generated.js';

/**
 * Kysely table types. `Database` and every `*Table` interface come from schema.generated.ts,
 * which generate-types.ts writes from the catalogue of a database migrated with
 * ../../migrations/*.sql: after changing a migration, run `npm run db:types`
 * (schema.test.ts fails until the checked-in file matches). This file only adds row names.
 */
export type * from './schema.generated.js';

/** space_approvers and space_allowed_bookers: the same two columns. */
export type SpaceGroupLinkTable = SpaceApproversTable;

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
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type CaldavSyncQueueRow = Selectable<CaldavSyncQueueTable>;
