import { queueDueReminders } from '../features/booking-mails/hook.js';
import type { Job } from './scheduler.js';

/** Every five minutes: reminder mails for bookings that start in 20 to 25 hours (reference §7.4). */
export const bookingRemindersJob: Job = {
  name: 'booking-reminders',
  intervalSeconds: 300,
  async run(deps) {
    await queueDueReminders(deps);
  },
};
