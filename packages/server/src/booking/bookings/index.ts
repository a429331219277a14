/**
 * The bookings feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { checkRules, lockForBooking, type RuleCheck } from './check.js';
export { loadSpaceFacts } from './facts.js';
export { getBooking } from './lists.js';
export { isExempt, requireBookable, requireOwnerOrSpaceAdmin } from './policy.js';
export { LOCATION_ZONE, bookingsPastRetention, slotIsTaken } from './repo.js';
export { bookingRoutes } from './routes.js';
export { allowedBooker } from './rules/access.js';
export { subjectRequired } from './rules/subject.js';
export { bookableWeekdays } from './rules/weekdays.js';
export { loadBookingTarget, type BookingTarget } from './target.js';
export {
  announce,
  checkInBooking,
  endBookingEarly,
  endSeries,
  insertOccurrence,
  removeBookings,
  reassignBookings,
  removeBookingsOfSpaces,
  type BookingChange,
  type BookingHook,
} from './write.js';
