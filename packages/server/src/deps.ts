import { randomUUID } from 'node:crypto';
import { lookup as systemLookup } from 'node:dns';
import fs from 'node:fs';
import type { LookupFunction } from 'node:net';
import type { AppDeps } from './context.js';
import type { Config } from './config.js';
import { openPglite, openPostgres, type ConnectionErrorLog, type DatabaseHandle } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { sqlTracer } from './db/sql-trace.js';
import { bookingMailHook } from './messaging/booking-mails/index.js';
import { caldavBookingHook, caldavPreferenceHook } from './messaging/caldav/index.js';
import { createDnsResolver } from './lib/dns.js';
import { createOutbound } from './lib/outbound.js';
import { PasswordCheckQueue } from './lib/password-check-queue.js';
import { openSecretBox, type SecretRotationReport } from './lib/secret-rotation.js';
import { getOrCreateSystemValue } from './lib/system-values.js';
import { createTokenService } from './lib/tokens.js';

export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
})();

/**
 * Opens the database named by the configuration (PostgreSQL or the embedded PGlite).
 * `onConnectionError` hears about connections PostgreSQL dropped (a restart, a failover);
 * `onPrimaryChange`, with several hosts in DATABASE_URL, about the server written to.
 */
export function openDatabase(
  config: Config,
  onConnectionError?: ConnectionErrorLog,
  onPrimaryChange?: (server: string) => void,
): Promise<DatabaseHandle> {
  const tracer = config.SQL_TRACE_FILE ? sqlTracer(config.SQL_TRACE_FILE) : undefined;
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.DATABASE_POOL_SIZE, {
        onConnectionError,
        onPrimaryChange,
        preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
        commitTimeoutMs: config.DATABASE_COMMIT_TIMEOUT_SECONDS * 1000,
        ...(tracer ? { tracer } : {}),
      })
    : openPglite(config.dataDir, tracer);
}

/**
 * Migrates the database and prepares the shared keys. Without CRYPT_KEY a key is generated
 * once and kept in the database, so every process of the installation uses the same one; with
 * CRYPT_KEY_PREVIOUS the stored secrets are first encrypted again with CRYPT_KEY, and
 * `onSecretRotation` hears what was done (lib/secret-rotation.ts).
 */
export async function createDeps(
  config: Config,
  handle: DatabaseHandle,
  onSecretRotation?: (report: SecretRotationReport) => void,
): Promise<AppDeps> {
  const { db } = handle;
  await migrate(db);
  const { secrets, rotation } = await openSecretBox(db, config);
  if (rotation) onSecretRotation?.(rotation);
  const installId = await getOrCreateSystemValue(db, 'install_id', () => randomUUID());
  const tokens = await createTokenService(db, secrets, installId, config.ACCESS_TOKEN_TTL_SECONDS);
  const dns = createDnsResolver(config.DNS_SERVER);
  return {
    config,
    db,
    prepared: handle.prepared,
    engine: handle.engine,
    tokens,
    secrets,
    installId,
    version: VERSION,
    bookingHooks: [bookingMailHook, caldavBookingHook],
    preferenceHooks: [caldavPreferenceHook],
    dns,
    outbound: createOutbound({
      allowed: config.OUTBOUND_ALLOWED_HOSTS,
      lookup: systemLookup as LookupFunction,
      userAgent: `Perch/${VERSION}`,
    }),
    passwordChecks: new PasswordCheckQueue({
      concurrency: config.PASSWORD_CHECK_CONCURRENCY,
      maxWaitMs: config.PASSWORD_CHECK_WAIT_SECONDS * 1000,
    }),
    ping: () => handle.ping(),
    poolUsage: () => handle.poolUsage(),
  };
}
