import { queueCheckInReminders } from '../messaging/booking-mails/index.js';
import type { Job } from './scheduler.js';

/** Every 30 seconds: the check-in reminder mails (the window is open; the last call before the release). */
export const checkInRemindersJob: Job = {
  name: 'check-in-reminders',
  intervalSeconds: 30,
  async run(deps) {
    await queueCheckInReminders(deps);
  },
};
