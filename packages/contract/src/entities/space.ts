import { z } from 'zod';
import { availabilityBookingSchema } from './booking.js';
import { attributeValueSchema } from './location.js';

export const SPACE_SHAPES = ['rect', 'circle', 'trapezoid'] as const;
export const SPACE_FONT_SIZES = ['small', 'normal', 'big', 'bigger'] as const;

/** A bookable space (desk, room) placed on its area's floor plan. */
export const spaceSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  rotation: z.number().int(),
  requireSubject: z.boolean(),
  enabled: z.boolean(),
  kioskEnabled: z.boolean(),
  shape: z.string(),
  fontSize: z.string(),
  attributes: z.array(attributeValueSchema),
  approverGroupIds: z.array(z.string()),
  allowedBookerGroupIds: z.array(z.string()),
});
export type Space = z.infer<typeof spaceSchema>;

export const spaceSaveBody = z.object({
  name: z.string().trim().min(1).max(128),
  // Editors may send fractional pixels after a drag; positions are stored whole.
  x: z.number().min(0).max(100_000).default(0).transform(Math.round),
  y: z.number().min(0).max(100_000).default(0).transform(Math.round),
  width: z.number().min(0).max(5000).default(100).transform(Math.round),
  height: z.number().min(0).max(5000).default(100).transform(Math.round),
  rotation: z
    .number()
    .min(0)
    .max(360)
    .default(0)
    .transform((r) => Math.round(r) % 360),
  requireSubject: z.boolean().default(false),
  enabled: z.boolean().default(true),
  kioskEnabled: z.boolean().default(false),
  shape: z.enum(SPACE_SHAPES).default('rect'),
  fontSize: z.enum(SPACE_FONT_SIZES).default('normal'),
  attributes: z.array(attributeValueSchema).max(64).default([]),
  approverGroupIds: z.array(z.uuid()).max(256).optional(),
  allowedBookerGroupIds: z.array(z.uuid()).max(256).optional(),
});
export type SpaceSave = z.infer<typeof spaceSaveBody>;

/** Most items one bulk save may carry (a whole floor of an editor session). */
export const SPACE_BULK_MAX = 2000;
export const spaceBulkBody = z
  .object({
    creates: z.array(spaceSaveBody).default([]),
    updates: z.array(spaceSaveBody.extend({ id: z.uuid() })).default([]),
    deleteIds: z.array(z.uuid()).default([]),
  })
  .refine((b) => b.creates.length + b.updates.length + b.deleteIds.length <= SPACE_BULK_MAX, {
    message: `At most ${SPACE_BULK_MAX} items per bulk save`,
  });
export type SpaceBulk = z.infer<typeof spaceBulkBody>;

const bulkItem = z.object({ id: z.string(), success: z.boolean() });
export const bulkResultSchema = z.object({
  creates: z.array(bulkItem),
  updates: z.array(bulkItem),
  deletes: z.array(bulkItem),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const spaceAvailabilitySchema = spaceSchema.extend({
  available: z.boolean(),
  allowed: z.boolean(),
  approvalRequired: z.boolean(),
  bookings: z.array(availabilityBookingSchema),
});
export type SpaceAvailability = z.infer<typeof spaceAvailabilitySchema>;

export const availabilityQuery = z.object({
  enter: z.string().max(64).optional(),
  leave: z.string().max(64).optional(),
  attributes: z.string().max(8192).optional(),
});
