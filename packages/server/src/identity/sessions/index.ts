/**
 * Sessions: what every way in ends with (password, passkey, sign-in provider, wiki ticket). A
 * session holds a refresh token that turns into short-lived access tokens; people list and end
 * their sessions. Everything else in this folder is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { presentCredentials, presentSession } from './presenter.js';
export { deleteSessionsOfUser } from './repo.js';
export { listMySessions, openSession, REFRESH_REUSE_GRACE_MS, refreshSession, type IssuedTokens } from './sessions.js';
export { signOut } from './sign-out.js';
