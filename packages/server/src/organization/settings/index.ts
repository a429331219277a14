/**
 * The settings feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { bookingSettings, loadBookingSettings, orgSettingsJson, type BookingSettings } from './org-settings.js';
export {
  insertDefaultSettings,
  insertDefaultSettingsForAll,
  readSetting,
  readSettings,
  settingEnabled,
} from './repo.js';
export { settingRoutes } from './routes.js';
export { isTimezone } from './timezones.js';
