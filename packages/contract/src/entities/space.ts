import { z } from 'zod';
import {
  SPACE_BULK_MAX,
  SPACE_FONT_SIZES,
  SPACE_MAX_POSITION,
  SPACE_MAX_ROTATION,
  SPACE_MAX_SIZE,
  SPACE_SHAPES,
  TEXT_MAX,
} from '../limits.js';
import { availabilityBookingSchema } from './booking.js';
import { attributeValueSchema, checkInOverridesSchema } from './location.js';

/** The area of a space route, and a space in it. */
export const locationParams = z.object({ locationId: z.string().max(64) });
export const spaceParams = z.object({ locationId: z.string().max(64), id: z.string().max(64) });

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
  ...checkInOverridesSchema.shape,
});
export type Space = z.infer<typeof spaceSchema>;

export const spaceSaveBody = z.object({
  name: z.string().trim().min(1).max(TEXT_MAX.spaceName),
  // Editors may send fractional pixels after a drag; positions are stored whole.
  x: z.number().min(0).max(SPACE_MAX_POSITION).default(0).transform(Math.round),
  y: z.number().min(0).max(SPACE_MAX_POSITION).default(0).transform(Math.round),
  width: z.number().min(0).max(SPACE_MAX_SIZE).default(100).transform(Math.round),
  height: z.number().min(0).max(SPACE_MAX_SIZE).default(100).transform(Math.round),
  // Degrees 0–359; a fraction just below 360 rounds to a full turn, which is 0.
  rotation: z
    .number()
    .min(0)
    .lt(SPACE_MAX_ROTATION + 1)
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
  ...checkInOverridesSchema.shape,
});
export type SpaceSave = z.infer<typeof spaceSaveBody>;

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

/** Perch addition: the opaque token in a space's code (QR or NFC); scanning it proves presence at the space. */
export const checkInTokenSchema = z.object({ token: z.string() });
/** Perch addition: the tokens of every space of an area, for printing their codes. */
export const spaceCheckInTokenSchema = z.object({ spaceId: z.string(), token: z.string() });
