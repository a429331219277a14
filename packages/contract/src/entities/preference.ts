import { z } from 'zod';

export const preferenceSchema = z.object({ name: z.string(), value: z.string() });
export type Preference = z.infer<typeof preferenceSchema>;
export const preferenceListSchema = z.array(preferenceSchema);
/** Most preferences one bulk save may carry. */
export const preferenceSaveAllBody = preferenceListSchema.max(100);
export const preferenceValueBody = z.object({ value: z.string() });
export const preferenceNameParams = z.object({ name: z.string().max(64) });
