/**
 * Internals of features that tests outside those features drive directly: a session minted
 * without signing in, a mail put in the outbox without a template, a series made without the
 * route, the sample floor plan. Production code reaches a feature only through its face (`<domain>/<feature>/index.ts`,
 * kept so by fences.unit.test.ts); tests reach past a face only here, in one visible list.
 */
export { createSeries, deleteSeries } from '../booking/recurring/series.js';
export { createSession, issueCredentials } from '../identity/sessions/sessions.js';
export { insertOutboxMail } from '../messaging/mail/repo.js';
export { sampleFloorPlanSvg } from '../organization/locations/sample-data.js';
