import { queueDueReminders } from '../messaging/booking-mails/index.js';
import type { Job } from './scheduler.js';

/** Every five minutes: reminder mails for bookings that start in 20 to 25 hours. */
export const bookingRemindersJob: Job = {
  name: 'booking-reminders',
  intervalSeconds: 300,
  async run(deps) {
    await queueDueReminders(deps);
  },
};
