import { z } from 'zod';

export const uuidSchema = z.uuid();
export const idParams = z.object({ id: z.string().max(64) });
export type IdParams = z.infer<typeof idParams>;

/** RFC 3339 timestamp with `Z` or an offset, as sent by clients. */
export const timestampSchema = z.iso.datetime({ offset: true, local: false });

export const countSchema = z.object({ count: z.number().int() });
export type CountResponse = z.infer<typeof countSchema>;

/** `GET /healthcheck`: ready, or why not. */
/** `GET /uc/`: the running version; `updateAvailable` only when a configured release feed names a newer one. */
export const updateCheckSchema = z.object({
  updateAvailable: z.boolean(),
  version: z.string(),
});
export type UpdateCheck = z.infer<typeof updateCheckSchema>;

export const healthSchema = z.object({
  status: z.string(),
  code: z.number().int(),
  errors: z.array(z.string()).nullable(),
});

/** Body of error responses: the status code carries the meaning; `message` explains it. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
