import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AppDeps } from './context.js';
import type { Config } from './config.js';
import { openPglite, openPostgres, type ConnectionErrorLog, type DatabaseHandle } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { sqlTracer } from './db/sql-trace.js';
import { bookingMailHook } from './features/booking-mails/hook.js';
import { caldavBookingHook } from './features/caldav/hook.js';
import { createDnsResolver } from './lib/dns.js';
import { createOutbound } from './lib/outbound.js';
import { SecretBox } from './lib/secret-box.js';
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
        ...(tracer ? { tracer } : {}),
      })
    : openPglite(config.dataDir, tracer);
}

/**
 * Migrates the database and prepares the shared keys. Without CRYPT_KEY a key is generated
 * once and kept in the database, so every process of the installation uses the same one.
 */
export async function createDeps(config: Config, handle: DatabaseHandle): Promise<AppDeps> {
  const { db } = handle;
  await migrate(db);
  const cryptKey = config.CRYPT_KEY
    ? Buffer.from(config.CRYPT_KEY, 'utf8')
    : Buffer.from(await getOrCreateSystemValue(db, 'crypt_key', () => randomBytes(32).toString('base64')), 'base64');
  const secrets = new SecretBox(cryptKey);
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
    dns,
    outbound: createOutbound({
      allowed: config.OUTBOUND_ALLOWED_HOSTS,
      lookup: dns.lookup,
      userAgent: `Perch/${VERSION}`,
    }),
    ping: () => handle.ping(),
    poolUsage: () => handle.poolUsage(),
  };
}
