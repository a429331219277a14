/**
 * The auth feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { hasPassword, roleRefusal, wikiAccountRefusal, type ConfiguredSignInRefusal } from './configured-sign-in.js';
export { confirmPassword } from './confirm-password.js';
export { organizationOfUser, queueInvitation } from './password-links.js';
export { findAuthProviderId, findAuthProviderStubs } from './repo.js';
export { authRoutes } from './routes.js';
