import { sql } from 'kysely';
import type { Job } from './scheduler.js';

/** Removes expired sessions, refresh tokens, one-time states, merge requests and stale throttling rows. */
export const purgeExpiredJob: Job = {
  name: 'purge-expired',
  intervalSeconds: 60,
  async run({ db }) {
    const now = new Date();
    await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
    await db.deleteFrom('auth_states').where('expires_at', '<', now).execute();
    await db.deleteFrom('merge_requests').where('expires_at', '<', now).execute();
    await sql`DELETE FROM login_throttle
      WHERE (blocked_until IS NULL OR blocked_until < now()) AND updated_at < now() - interval '2 days'`.execute(db);
    await sql`DELETE FROM rate_limit_hits WHERE window_start < extract(epoch FROM now())::bigint - 86400 * 31`.execute(
      db,
    );
  },
};
