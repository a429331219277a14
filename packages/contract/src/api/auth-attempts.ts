import { authAttemptListQuery, authAttemptListSchema } from '../entities/auth-attempt.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

export const authAttemptApi = endpoints('auth attempts', routes.authAttempt, {
  list: {
    summary: "The organisation's sign-in attempts, newest first (org admins)",
    description:
      'Own organisation only. `end` defaults to now and `start` to seven days before `end` (RFC 3339). ' +
      '`user` matches a part of the email, case-insensitively. `success`: `true` or `1` lists successful ' +
      'attempts, any other value failed ones. `limit` defaults to 50 and is capped at 100.',
    query: authAttemptListQuery,
    response: authAttemptListSchema,
  },
});
