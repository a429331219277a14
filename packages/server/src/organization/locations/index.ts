/**
 * The locations feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { locationFor, locationZone } from './access.js';
export { checkInColumns } from './check-in-columns.js';
export { matchesAll, parseAttributeQuery } from './attribute-filter.js';
export { allowedBookersOf, findLocation } from './repo.js';
export { locationRoutes } from './routes.js';
export { createSampleArea } from './sample-data.js';
