import { sql } from 'kysely';
import { deleteSentMailsBefore } from '../messaging/mail/index.js';
import { ANONYMOUS_PREFIX } from '../identity/wiki-sign-in/index.js';
import type { Job } from './scheduler.js';

/**
 * Removes expired sessions, refresh tokens, one-time states, merge requests, used wiki tokens, stale throttling
 * rows, delivered mails older than MAIL_RETENTION_DAYS and the wiki's anonymous visitors a day
 * after their last visit.
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
    await db.deleteFrom('wiki_token_uses').where('expires_at', '<', now).execute();
    await deleteSentMailsBefore(db, new Date(now.getTime() - config.MAIL_RETENTION_DAYS * 86_400_000), 1000);
    await sql`DELETE FROM login_throttle
      WHERE (blocked_until IS NULL OR blocked_until < now()) AND updated_at < now() - interval '2 days'`.execute(db);
    // The team wiki's anonymous visitors: gone a day after their last visit, with their bookings.
    await sql`DELETE FROM users WHERE id IN (
      SELECT id FROM users
      WHERE email LIKE ${`${ANONYMOUS_PREFIX}%`} AND coalesce(last_activity_at, created_at) < now() - interval '24 hours'
      LIMIT 100)`.execute(db);
    await sql`DELETE FROM rate_limit_hits WHERE window_start < extract(epoch FROM now())::bigint - 86400 * 31`.execute(
      db,
    );
  },
};
