import { z } from 'zod';

export const preferenceSchema = z.object({ name: z.string(), value: z.string() });
export type Preference = z.infer<typeof preferenceSchema>;
export const preferenceListSchema = z.array(preferenceSchema);
/** Most preferences one bulk save may carry. */
export const preferenceSaveAllBody = preferenceListSchema.max(100);
export const preferenceValueBody = z.object({ value: z.string() });
export const preferenceNameParams = z.object({ name: z.string().max(64) });

/** `POST /preference/caldav/listCalendars`: a CalDAV server and the account to look in. */
export const caldavConnectionBody = z.object({
  url: z.url().max(256),
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(256),
});
/** A calendar found on the CalDAV server; `path` becomes the `caldav_path` preference. */
export const caldavCalendarSchema = z.object({ path: z.string(), name: z.string() });
