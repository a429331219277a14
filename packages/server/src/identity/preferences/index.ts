/**
 * The preferences feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { findPreference, insertDefaultPreferences, insertDefaultPreferencesForAll } from './repo.js';
export { preferenceRoutes } from './routes.js';
export { savePreferences } from './service.js';
export { CALDAV_PREFERENCES } from './calendar-preferences.js';
