import type { Config } from './config.js';
import type { Db, PoolUsage, PreparedQuery } from './db/connection.js';
import type { UserRow } from './db/schema.js';
import type { BookingHook } from './features/bookings/write.js';
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
  /** Called in the transaction of every booking write (see features/bookings/write.ts). */
  bookingHooks: readonly BookingHook[];
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
