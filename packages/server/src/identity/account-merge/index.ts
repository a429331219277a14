/**
 * The account merge's face: an account the team wiki made asks to be merged into another account
 * of the organisation, which accepts; its bookings, series, buddies and groups move over. Everything
 * else in this folder is private to it; the fence test (packages/server/src/fences.unit.test.ts)
 * keeps it so.
 */
export { accountMergeRoutes } from './routes.js';
