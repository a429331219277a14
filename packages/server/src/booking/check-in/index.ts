/**
 * The check-in feature's face: checking in to a booking, leaving early, and the policy that
 * says when (organisation, area and space levels). Everything else in this folder is private
 * to it; the fence test (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { createReminderLink } from './links.js';
export { releaseNoShows } from './release.js';
export { claimCheckInReminders, type CheckInReminder } from './reminders.js';
export { checkInRoutes } from './routes.js';
export {
  CHECK_IN_MODES,
  DEFAULT_CHECK_IN_POLICY,
  effectivePolicy,
  type CheckInPolicy,
  type CheckInPolicyLayer,
} from './policy.js';
