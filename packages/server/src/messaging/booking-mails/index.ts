/**
 * The booking-mails feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { bookingMailHook, queueCheckInReminders, queueDueReminders } from './hook.js';
