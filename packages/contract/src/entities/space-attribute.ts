import { z } from 'zod';
import { TEXT_MAX } from '../limits.js';

export const spaceAttributeSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  label: z.string(),
  type: z.number().int(),
  spaceApplicable: z.boolean(),
  locationApplicable: z.boolean(),
});
export type SpaceAttribute = z.infer<typeof spaceAttributeSchema>;

export const spaceAttributeSaveBody = z.object({
  label: z.string().trim().min(1).max(TEXT_MAX.attributeLabel),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  spaceApplicable: z.boolean().default(false),
  locationApplicable: z.boolean().default(false),
});
export type SpaceAttributeSave = z.infer<typeof spaceAttributeSaveBody>;
