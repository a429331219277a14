import type { Config } from './config.js';
import type { Db, PoolUsage, PreparedQuery } from './db/connection.js';
import type { BookingRow, UserRow } from './db/schema.js';
import type { DnsResolver } from './lib/dns.js';
import type { Outbound } from './lib/outbound.js';
import type { PasswordCheckQueue } from './lib/password-check-queue.js';
import type { SecretBox } from './lib/secret-box.js';
import type { TokenService } from './lib/tokens.js';

/**
 * What every operation may need; built once in main.ts (or by the test factory). Inside a
 * transaction, `db` is the transaction and `prepared` runs on it (see db/transaction.ts).
 */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Named prepared statements for the hottest queries. */
  prepared: PreparedQuery;
  engine: 'postgres' | 'pglite';
  tokens: TokenService;
  secrets: SecretBox;
  installId: string;
  version: string;
  /** Called in the transaction of every booking write (booking/bookings/write.ts announces them). */
  bookingHooks: readonly BookingHook[];
  /** Called in the transaction that changes someone's preferences (identity/preferences/service.ts). */
  preferenceHooks: readonly PreferenceHook[];
  /** The DNS for domain verification and the reachability probe (`DNS_SERVER` or the system's). */
  dns: DnsResolver;
  /** Every URL fetched on someone's behalf goes through it (CalDAV, sign-in providers, the release feed). */
  outbound: Outbound;
  /** Every password check of the process waits here for its turn (lib/password-check-queue.ts). */
  passwordChecks: PasswordCheckQueue;
  ping(): Promise<void>;
  /** The database pool's current usage (for the metrics). */
  poolUsage(): PoolUsage;
}

/** The acting user: who calls an operation, whether through HTTP, a job or a script. */
export interface AuthContext {
  userId: string;
  orgId: string;
  email: string;
  role: number;
  /**
   * The sign-in session of the request; null for a service account, which authenticates each
   * request (HTTP Basic or an API token) and has no session to list or sign out of.
   */
  sessionId: string | null;
  /** The caller's user row as of this request. */
  user: UserRow;
  organization: { id: string; name: string; language: string; primaryDomain: string };
}

/*
 * Booking hooks: what the booking write module (booking/bookings/write.ts) tells the features that
 * act on booking changes (booking mails, calendar sync), inside the write's transaction. The types
 * live here, beside `AppDeps.bookingHooks`, so that the transaction code and the dependencies need
 * no booking feature.
 */

/** Why a booking went away. */
export type RemovalReason = 'cancelled' | 'declined' | 'series-ended' | 'space-removed' | 'retention';

/**
 * One booking's change, or (after its occurrences' own changes) a series' as a whole, for
 * hooks that tell people once per series rather than once per date.
 */
export type BookingChange =
  | { kind: 'created'; booking: BookingRow }
  | { kind: 'updated'; before: BookingRow; booking: BookingRow }
  | { kind: 'approved'; booking: BookingRow }
  /** The same booking, now another account's: an account merged into this one (no one is told by mail). */
  | { kind: 'reassigned'; before: BookingRow; booking: BookingRow }
  | {
      kind: 'removed';
      booking: BookingRow;
      reason: RemovalReason;
      /** Why it was cancelled, in the canceller's words, for the owner (cancellations only). */
      note?: string;
    }
  /** Its person checked in (the first check-in; later ones change nothing). */
  | { kind: 'checked-in'; booking: BookingRow }
  /**
   * Ended before its booked end (see `EndedEarlyWhy`); a release sets `booking.released_at` and
   * `booking.release_reason`. Its end is now the moment it ended; `booking.booked_leave_at`
   * keeps the end as booked.
   */
  | { kind: 'ended-early'; before: BookingRow; booking: BookingRow; why: EndedEarlyWhy }
  | { kind: 'series-created'; seriesId: string; occurrences: BookingRow[] }
  | { kind: 'series-ended'; seriesId: string; removed: BookingRow[] };

/**
 * Why a booking ended before its booked end: its person left (`checked-out`), nobody checked in
 * by the deadline (`no-show`, released by the job), or its person said they would not come
 * (`not-coming`, released from a reminder's link). The last two are releases.
 */
export type EndedEarlyWhy = 'checked-out' | 'no-show' | 'not-coming';

/**
 * Called for every booking change, in the transaction of the write (`tx.db`), with the person
 * who made it (null for background jobs). A hook that throws undoes the write.
 */
export type BookingHook = (tx: AppDeps, change: BookingChange, actor: AuthContext | null) => Promise<void>;

/**
 * Called with the names of the preferences a person just changed, in the transaction of the change
 * (`tx.db`). The calendar sync starts afresh when the calendar connection's preferences change.
 */
export type PreferenceHook = (tx: AppDeps, userId: string, changed: readonly string[]) => Promise<void>;
