import { z } from 'zod';

/** A booking as a kiosk display shows it; `owner` only when the organisation shows names. */
export const kioskBookingSchema = z.object({
  subject: z.string(),
  owner: z.string(),
  ownerVisible: z.boolean(),
  enter: z.string(),
  leave: z.string(),
});

/** `GET /kiosk/:spaceId/status`: what a wall display next to a space shows. */
export const kioskStatusSchema = z.object({
  spaceName: z.string(),
  locationName: z.string(),
  timezone: z.string(),
  status: z.enum(['available', 'occupied']),
  currentBooking: kioskBookingSchema.nullable(),
  nextBooking: kioskBookingSchema.nullable(),
  refreshedAt: z.string(),
});
export type KioskStatus = z.infer<typeof kioskStatusSchema>;

export const kioskSpaceParams = z.object({ spaceId: z.string().max(64) });
