import { healthSchema, updateCheckSchema } from '../common.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

export const healthApi = endpoints('health', routes.health, {
  check: {
    summary: 'Whether the server is ready: 200, or 503 when the database cannot be reached',
    response: healthSchema,
    errors: { 503: [] },
  },
  updateCheck: {
    summary:
      "Perch's version, and whether the release feed the operator configured (UPDATE_CHECK_URL) offers a newer one",
    response: updateCheckSchema,
  },
});
