/**
 * Sign-in throttling, shared by every way in that checks a secret (password, second factor,
 * passkey): counts failures per account and per network in the database, so several server
 * processes share the same limits, and blocks for a while past a limit. Everything else in this
 * folder is private to it; the fence test (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { findBlockedUntil, lockThrottleRow, updateThrottleRow } from './repo.js';
export {
  blockedFor,
  recordFailure,
  recordRangeAttempt,
  recordSuccess,
  throttleKeys,
  throttleState,
  type ThrottleKeys,
  type ThrottleState,
} from './throttle.js';
