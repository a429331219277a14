import { z } from 'zod';

export const settingSchema = z.object({ name: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;
export const settingListSchema = z.array(settingSchema);
export const settingValueBody = z.object({ value: z.string() });
export const settingNameParams = z.object({ name: z.string().max(64) });
