import { buildApp } from './app.js';
import { serveBackupRequests } from './backup/requests.js';
import { bootstrap } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/connection.js';
import { SchemaTooNewError } from './db/migrate.js';
import { startCalendarSync } from './jobs/calendar-sync.js';
import { startMailDelivery } from './jobs/mail-delivery.js';
import { smtpSender } from './messaging/mail/index.js';
import { createDeps, openDatabase } from './deps.js';
import { authAttemptRetentionJob } from './jobs/auth-attempt-retention.js';
import { bookingRemindersJob } from './jobs/booking-reminders.js';
import { checkInRemindersJob } from './jobs/check-in-reminders.js';
import { noShowReleaseJob } from './jobs/no-show-release.js';
import { bookingRetentionJob } from './jobs/booking-retention.js';
import { domainReachabilityJob } from './jobs/domain-reachability.js';
import { purgeExpiredJob } from './jobs/purge-expired.js';
import { startScheduler } from './jobs/scheduler.js';
import type { SecretRotationReport } from './lib/secret-rotation.js';
import { startupWarnings } from './startup-warnings.js';

async function main(): Promise<void> {
  // What this process creates (the embedded database's files, backups, traces) is its user's
  // alone; what PGlite creates with wider modes is narrowed when it is opened (db/private-files.ts).
  process.umask(0o077);
  const config = loadConfig();
  // Until the logger exists, a dropped connection is reported on stderr.
  let connectionLost = (err: Error): void => {
    process.stderr.write(`Database connection lost: ${err.message}\n`);
  };
  let primaryFound = (server: string): void => {
    process.stdout.write(`Writing to the PostgreSQL server at ${server}\n`);
  };
  const handle = await openDatabase(
    config,
    (err) => connectionLost(err),
    (server) => primaryFound(server),
  );
  let rotation: SecretRotationReport | undefined;
  const deps = await createDeps(config, handle, (report) => (rotation = report));
  const app = await buildApp(deps, {
    logger: { level: config.LOG_LEVEL, transport: undefined },
  });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  if (rotation) {
    app.log.warn(
      rotation,
      'stored secrets encrypted again with CRYPT_KEY; CRYPT_KEY_PREVIOUS can go once every process runs with it',
    );
    if (rotation.unreadable > 0)
      app.log.error(
        { unreadable: rotation.unreadable },
        'stored secrets that neither CRYPT_KEY nor CRYPT_KEY_PREVIOUS decrypts',
      );
  }
  connectionLost = (err) =>
    app.log.warn({ reason: err.message }, 'database connection lost; requests answer 503 until it is back');
  primaryFound = (server) => app.log.warn({ server }, 'writing to another PostgreSQL server (a failover)');
  const boot = await bootstrap(deps.db, config);
  if (boot.created) {
    app.log.info(
      { organization: config.INIT_ORG_NAME, admin: boot.created.adminEmail },
      'created the first organisation',
    );
    if (boot.created.generatedPassword) {
      // Printed once, on the console only: the operator needs it for the first sign-in.
      process.stdout.write(
        `\n  First start: sign in as ${boot.created.adminEmail} with password ${boot.created.generatedPassword}\n` +
          '  (set INIT_ADMIN_PASSWORD to choose it; change it after signing in)\n\n',
      );
    }
  }
  const stopJobs = config.JOBS_DISABLED
    ? () => {}
    : startScheduler(
        deps,
        [
          purgeExpiredJob,
          bookingRetentionJob,
          bookingRemindersJob,
          noShowReleaseJob,
          checkInRemindersJob,
          authAttemptRetentionJob,
          domainReachabilityJob,
        ],
        app.log,
        { observer: app.metrics?.jobs },
      );

  // Every process delivers the outbox; claims keep two processes from sending one mail.
  const sender = smtpSender(config);
  const stopMail = sender ? startMailDelivery(deps.db, sender, config, app.log, app.metrics?.mail) : () => {};
  if (!sender) app.log.warn('SMTP_HOST is not set: mails wait in the outbox until mail delivery is configured');
  // Every process works off the calendar sync queue; claims keep two from writing one event.
  const stopCalendarSync = startCalendarSync(deps, app.log);
  // `npm run backup` asks this process for a copy of the embedded database (backup/requests.ts).
  const stopBackups = handle.dumpDataDir
    ? serveBackupRequests(config.dataDir, handle.dumpDataDir, app.log)
    : async () => {};

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs();
    stopMail();
    stopCalendarSync();
    await stopBackups();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      url: `http://localhost:${config.PORT}/ui/`,
      database: handle.engine === 'pglite' ? config.dataDir : 'postgresql',
    },
    'Perch is ready',
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof SchemaTooNewError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Perch failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
