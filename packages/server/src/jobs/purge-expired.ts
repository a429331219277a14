import { sql } from 'kysely';
import { deleteSentMailsBefore } from '../features/mail/repo.js';
import type { Job } from './scheduler.js';

/**
 * Removes expired sessions, refresh tokens, one-time states, merge requests, stale throttling
 * rows and delivered mails older than MAIL_RETENTION_DAYS.
 */
export const purgeExpiredJob: Job = {
  name: 'purge-expired',
  intervalSeconds: 60,
  async run({ db, config }) {
    const now = new Date();
    await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
    await db.deleteFrom('auth_states').where('expires_at', '<', now).execute();
    await db.deleteFrom('merge_requests').where('expires_at', '<', now).execute();
    await deleteSentMailsBefore(db, new Date(now.getTime() - config.MAIL_RETENTION_DAYS * 86_400_000), 1000);
    await sql`DELETE FROM login_throttle
      WHERE (blocked_until IS NULL OR blocked_until < now()) AND updated_at < now() - interval '2 days'`.execute(db);
    await sql`DELETE FROM rate_limit_hits WHERE window_start < extract(epoch FROM now())::bigint - 86400 * 31`.execute(
      db,
    );
  },
};
