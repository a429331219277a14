import { z } from 'zod';
import { SEARCH_COMPARATORS, TEXT_MAX } from '../limits.js';

export const attributeValueSchema = z.object({
  attributeId: z.string(),
  value: z.string().max(TEXT_MAX.attributeValue),
});
export type AttributeValue = z.infer<typeof attributeValueSchema>;

/** An area (a location: a floor, a building part) holding spaces on a floor plan. */
export const locationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string(),
  maxConcurrentBookings: z.number().int(),
  timezone: z.string(),
  enabled: z.boolean(),
  mapScale: z.number(),
  mapType: z.string(),
  mapWidth: z.number().int(),
  mapHeight: z.number().int(),
  mapMimeType: z.string(),
  allowedBookerGroupIds: z.array(z.string()),
  bookableDays: z.array(z.number().int()),
  attributes: z.array(attributeValueSchema).optional(),
  /** Number of spaces in the area (in lists). */
  spaceCount: z.number().int().optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const locationSaveBody = z.object({
  name: z.string().trim().min(1).max(TEXT_MAX.areaName),
  description: z.string().max(TEXT_MAX.areaDescription).default(''),
  maxConcurrentBookings: z.number().int().min(0).max(1_000_000).default(0),
  timezone: z.string().max(64).default(''),
  enabled: z.boolean().default(false),
  mapScale: z.number().positive().max(1000).default(1),
  mapType: z.enum(['', 'designed']).default(''),
  allowedBookerGroupIds: z.array(z.uuid()).max(256).default([]),
  bookableDays: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .refine((d) => new Set(d).size === d.length, 'bookableDays must not repeat a day')
    .default([]),
});
export type LocationSave = z.infer<typeof locationSaveBody>;

/** An area attribute in the path: the area and the attribute. */
export const locationAttributeParams = z.object({ id: z.string().max(64), attributeId: z.string().max(64) });
export const attributeValueBody = z.object({ value: z.string().max(TEXT_MAX.attributeValue) });

export const mapSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  scale: z.number().optional(),
  mimeType: z.string(),
  /** Base64 image bytes. */
  data: z.string(),
});
export type LocationMap = z.infer<typeof mapSchema>;

export const searchAttributeSchema = z.object({
  attributeId: z.string().max(64),
  comparator: z.enum(SEARCH_COMPARATORS),
  value: z.string().max(256),
});
export type SearchAttribute = z.infer<typeof searchAttributeSchema>;

export const locationSearchBody = z.object({
  enter: z.string(),
  leave: z.string(),
  attributes: z.array(searchAttributeSchema).max(64).default([]),
});
