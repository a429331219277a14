/**
 * One-time links and codes: password resets, invitations, domain verification, second-factor
 * enrolment, passkey challenges and sign-in tickets. Each is used once and expires. Everything
 * else in this folder is private to it; the fence test (packages/server/src/fences.unit.test.ts)
 * keeps it so.
 */
export {
  LINK_TTL_SECONDS,
  LinkType,
  MAX_CODE_ATTEMPTS,
  countOpenLinks,
  createLink,
  deleteLink,
  deleteLinksOf,
  findLink,
  sixDigitCode,
  takeLink,
  updateLinkPayload,
  type OneTimeLink,
} from './one-time-links.js';
