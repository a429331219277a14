import { z } from 'zod';
import { GROUP_NAME_MIN, TEXT_MAX } from '../limits.js';

export const groupSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  userCount: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupSaveBody = z.object({ name: z.string().trim().min(GROUP_NAME_MIN).max(TEXT_MAX.groupName) });
export type GroupSave = z.infer<typeof groupSaveBody>;
/** Member, approver and allowed-booker lists are arrays of ids. */
export const idListBody = z.array(z.uuid()).max(64);
