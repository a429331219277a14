import { z } from 'zod';
import { SEARCH_COMPARATORS, TEXT_MAX } from '../limits.js';

export const attributeValueSchema = z.object({
  attributeId: z.string(),
  value: z.string().max(TEXT_MAX.attributeValue),
});
export type AttributeValue = z.infer<typeof attributeValueSchema>;

/**
 * Perch addition: an area's or a space's check-in policy overrides; null (or absent) inherits
 * from the area, then the organisation. A save that leaves a field out keeps what is stored.
 */
export const checkInOverridesSchema = z.object({
  checkinMode: z.number().int().min(0).max(2).nullable().optional(),
  checkinOpensMinutes: z.number().int().min(0).max(720).nullable().optional(),
  checkinGraceMinutes: z.number().int().min(1).max(720).nullable().optional(),
  /** "HH:MM": missed at this time of day in the area's zone instead of after the grace. */
  checkinReleaseTime: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'checkinReleaseTime must be HH:MM')
    .nullable()
    .optional(),
  checkinRelease: z.boolean().nullable().optional(),
  /** Bookings of eight hours or longer need no check-in. */
  checkinExemptLong: z.boolean().nullable().optional(),
});
export type CheckInOverrides = z.infer<typeof checkInOverridesSchema>;

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
  ...checkInOverridesSchema.shape,
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
  ...checkInOverridesSchema.shape,
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

/**
 * Floor-plan designs (`GET`/`POST /location/{id}/floorplan-design`), in upstream Seatsurfing's
 * format (ui/src/components/FloorPlanDesigner.tsx, server/router/floor-plan-renderer.go):
 * `{version: 1, elements: [...]}` in plan pixels, rotations in degrees clockwise about the
 * element's centre. `label` is Perch's addition (upstream's designer keeps it but draws nothing).
 */
export const FLOORPLAN_DESIGN_LIMITS = {
  /** Longest `designData` string, in characters. */
  maxChars: 1_000_000,
  /** Most elements in one design. */
  maxElements: 5000,
  /** Largest coordinate (absolute value), in plan pixels. */
  maxCoordinate: 100_000,
  /** Largest width, height and span of the whole design, in plan pixels. */
  maxSize: 100_000,
  /** Thickest wall, in plan pixels. */
  maxThickness: 1000,
  /** Largest rotation (absolute value), in degrees. */
  maxRotation: 36_000,
  /** Longest element id and label text, in characters. */
  maxIdLength: 100,
  maxLabelLength: 200,
} as const;

const L = FLOORPLAN_DESIGN_LIMITS;
const coordinate = z.number().min(-L.maxCoordinate).max(L.maxCoordinate);
const size = z.number().positive().max(L.maxSize);
const rotation = z.number().min(-L.maxRotation).max(L.maxRotation).optional();
const elementId = z.string().min(1).max(L.maxIdLength);
/** Characters XML cannot carry (C0 and C1 controls, U+FFFE/U+FFFF, unpaired surrogates). */
// eslint-disable-next-line no-control-regex
const NOT_XML_TEXT = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/u;

/** A wall: a line between two points, `thickness` wide (0 or absent: 8, as upstream). */
export const floorplanWallSchema = z.strictObject({
  id: elementId,
  type: z.literal('wall'),
  x1: coordinate,
  y1: coordinate,
  x2: coordinate,
  y2: coordinate,
  thickness: z.number().min(0).max(L.maxThickness).optional(),
});

const box = {
  id: elementId,
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
  rotation,
};

/** Plants, windows, doors and toilets: a box at (x, y), rotated about its centre. */
export const floorplanEntitySchema = z.strictObject({
  ...box,
  type: z.enum(['plant', 'window', 'door', 'toilet']),
});

/** Perch's addition: a one-line text centred in its box, its font size 0.8 × the box height. */
export const floorplanLabelSchema = z.strictObject({
  ...box,
  type: z.literal('label'),
  text: z
    .string()
    .min(1)
    .max(L.maxLabelLength)
    .refine((t) => !NOT_XML_TEXT.test(t), 'A label may contain only printable characters (no control characters)'),
});

export const FLOORPLAN_ELEMENT_TYPES = ['wall', 'plant', 'window', 'door', 'toilet', 'label'] as const;

export const floorplanElementSchema = z.discriminatedUnion('type', [
  floorplanWallSchema,
  floorplanEntitySchema,
  floorplanLabelSchema,
]);
export type FloorplanElement = z.infer<typeof floorplanElementSchema>;

/** The JSON that `designData` holds. */
export const floorplanDesignDataSchema = z.strictObject({
  version: z.literal(1).optional(),
  elements: z
    .array(floorplanElementSchema)
    .max(L.maxElements, `A floor-plan design has at most ${L.maxElements} elements`),
});
export type FloorplanDesign = z.infer<typeof floorplanDesignDataSchema>;

/**
 * `designData`: the design as a JSON string (see floorplanDesignDataSchema; the server checks
 * it), or `""` for none.
 */
export const floorplanDesignSchema = z.object({ designData: z.string() });
export const floorplanDesignBody = z.object({ designData: z.string().max(L.maxChars) });
export type FloorplanDesignData = z.infer<typeof floorplanDesignSchema>;
