import { purgeOldAuthAttempts } from '../identity/auth-attempts/index.js';
import type { Job } from './scheduler.js';

/** Removes sign-in attempts older than `AUTH_EVENT_RETENTION_DAYS`, in batches. */
export const authAttemptRetentionJob: Job = {
  name: 'auth-attempt-retention',
  intervalSeconds: 60,
  async run(deps) {
    await purgeOldAuthAttempts(deps);
  },
};
