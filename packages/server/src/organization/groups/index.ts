/**
 * The groups feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { presentGroup } from './presenter.js';
export { copyMemberships, groupIdsOfUser, groupsOfOrg } from './repo.js';
export { groupRoutes } from './routes.js';
