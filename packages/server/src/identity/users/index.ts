/**
 * The users feature's face: managing accounts (admins) and one's own account (everyone) over the
 * API. The accounts themselves are identity/accounts. Everything else in this folder is private to
 * it; the fence test (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { userRoutes } from './routes.js';
