import { z } from 'zod';
import { timestampSchema } from '../common.js';

/**
 * `GET /auth-attempt/`: a time window (RFC 3339; `end` defaults to now, `start` to seven days
 * before `end`), an email substring, the outcome (`true`/`1` successful, anything else failed)
 * and a page (`limit` 1 and up, capped at 100; `offset` from 0).
 */
export const authAttemptListQuery = z.object({
  start: timestampSchema.optional(),
  end: timestampSchema.optional(),
  user: z.string().max(256).optional(),
  success: z.string().max(16).optional(),
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type AuthAttemptListQuery = z.infer<typeof authAttemptListQuery>;

/** One sign-in attempt of the organisation's audit log. Empty strings stand for "none". */
export const authAttemptSchema = z.object({
  id: z.string(),
  /** The account the attempt was for, `''` when no account had that email (or it was deleted since). */
  userId: z.string(),
  /** The email as it was entered (trimmed, lower-case). */
  email: z.string(),
  timestamp: z.string(),
  successful: z.boolean(),
  /** One of `AUTH_METHODS`. */
  method: z.string(),
  authProviderId: z.string(),
  authProviderName: z.string(),
  /** `''` on success, else one of `AUTH_ERROR_CODES`. */
  errorCode: z.string(),
  errorDetail: z.string(),
  /** "Chrome on Windows", from the User-Agent. */
  device: z.string(),
  /** The client's address as the server saw it (behind trusted proxies: from `X-Forwarded-For`). Perch addition. */
  clientAddress: z.string(),
});
export type AuthAttempt = z.infer<typeof authAttemptSchema>;

export const authAttemptListSchema = z.object({
  /** Matching attempts over all pages. */
  total: z.number().int(),
  items: z.array(authAttemptSchema),
});
export type AuthAttemptList = z.infer<typeof authAttemptListSchema>;
