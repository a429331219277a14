import { z } from 'zod';
import { idParams } from '../common.js';
import { groupSchema, idListBody } from '../entities/group.js';
import {
  attributeValueBody,
  attributeValueSchema,
  floorplanDesignBody,
  floorplanDesignSchema,
  FLOORPLAN_DESIGN_LIMITS,
  locationAttributeParams,
  locationSaveBody,
  locationSchema,
  locationSearchBody,
  mapSchema,
} from '../entities/location.js';
import { spaceAttributeSaveBody, spaceAttributeSchema } from '../entities/space-attribute.js';
import {
  availabilityQuery,
  bulkResultSchema,
  locationParams,
  spaceAvailabilitySchema,
  spaceBulkBody,
  spaceParams,
  spaceSaveBody,
  spaceSchema,
  checkInTokenSchema,
  spaceCheckInTokenSchema,
} from '../entities/space.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

export const locationApi = endpoints('areas', routes.location, {
  list: { summary: 'Areas of the organisation with their number of spaces', response: z.array(locationSchema) },
  create: { summary: 'Create an area (space admins)', body: locationSaveBody },
  search: {
    summary: 'Areas matching attribute criteria for a time window',
    description:
      'Criteria name an area attribute of the organisation or one of `numSpaces`, `numFreeSpaces`, `buddyOnSite`.',
    body: locationSearchBody,
    response: z.array(locationSchema),
  },
  loadSampleData: { summary: 'Create the sample floor in an organisation without areas (org admins)' },
  get: { summary: 'One area', params: idParams, response: locationSchema },
  update: { summary: 'Change an area (space admins)', params: idParams, body: locationSaveBody },
  delete: { summary: 'Delete an area with its spaces and bookings (space admins)', params: idParams },
  map: { summary: "The area's floor-plan image, base64", params: idParams, response: mapSchema },
  uploadMap: {
    summary: 'Upload the floor-plan image: the raw PNG, JPEG, GIF, WebP or SVG bytes (space admins)',
    params: idParams,
    errors: { 413: [] },
  },
  attributes: { summary: "An area's attribute values", params: idParams, response: z.array(attributeValueSchema) },
  setAttribute: {
    summary: "Set an area's attribute value (space admins)",
    params: locationAttributeParams,
    body: attributeValueBody,
  },
  removeAttribute: { summary: "Remove an area's attribute value (space admins)", params: locationAttributeParams },
  floorplanDesign: {
    summary: "The area's floor-plan design: its JSON text, or an empty string when it has none",
    params: idParams,
    response: floorplanDesignSchema,
  },
  saveFloorplanDesign: {
    summary: 'Save the floor-plan design and make its drawing the floor plan (space admins)',
    description:
      '`designData` is the design as JSON text: `{"version":1,"elements":[…]}` with walls ' +
      '(`x1`, `y1`, `x2`, `y2`, `thickness`), plants, windows, doors and toilets (`x`, `y`, `width`, ' +
      '`height`, `rotation`) and labels (the same and `text`). The server draws it as an SVG and ' +
      "stores that as the area's map (`mapType` becomes `designed`). An empty string or a design " +
      'without elements removes the design, and the map too when it was drawn from one. At most ' +
      `${FLOORPLAN_DESIGN_LIMITS.maxElements} elements; coordinates within ` +
      `±${FLOORPLAN_DESIGN_LIMITS.maxCoordinate}.`,
    params: idParams,
    body: floorplanDesignBody,
    errors: { 413: [] },
  },
});

export const spaceApi = endpoints('spaces', routes.space, {
  list: { summary: 'Spaces of an area', params: locationParams, response: z.array(spaceSchema) },
  create: { summary: 'Create a space (space admins)', params: locationParams, body: spaceSaveBody },
  availability: {
    summary: 'Every space of an area with its bookings and whether the caller may book it in a window',
    params: locationParams,
    query: availabilityQuery,
    response: z.array(spaceAvailabilitySchema),
  },
  bulk: {
    summary: 'Create, change and delete spaces of an area at once, all or nothing (space admins)',
    params: locationParams,
    body: spaceBulkBody,
    response: bulkResultSchema,
  },
  get: { summary: 'One space', params: spaceParams, response: spaceSchema },
  update: { summary: 'Change a space (space admins)', params: spaceParams, body: spaceSaveBody },
  delete: { summary: 'Delete a space with its bookings (space admins)', params: spaceParams },
  spaceAvailability: {
    summary: 'One space with its bookings and whether the caller may book it in a window',
    params: spaceParams,
    query: availabilityQuery,
    response: z.array(spaceAvailabilitySchema),
  },
  approvers: {
    summary: "A space's approver groups (space admins)",
    params: spaceParams,
    response: z.array(groupSchema),
  },
  addApprovers: { summary: 'Add approver groups to a space', params: spaceParams, body: idListBody },
  removeApprovers: { summary: 'Remove approver groups from a space', params: spaceParams, body: idListBody },
  allowedBookers: {
    summary: "A space's allowed-booker groups (space admins)",
    params: spaceParams,
    response: z.array(groupSchema),
  },
  addAllowedBookers: { summary: 'Add allowed-booker groups to a space', params: spaceParams, body: idListBody },
  removeAllowedBookers: { summary: 'Remove allowed-booker groups from a space', params: spaceParams, body: idListBody },
  checkInTokens: {
    summary: 'The tokens in the codes of every space of the area, for printing them (space admins)',
    description: 'Perch addition.',
    params: locationParams,
    response: z.array(spaceCheckInTokenSchema),
  },
  checkInToken: {
    summary: "The token in the space's code, for printing it (space admins)",
    description: "Perch addition. The space's booking link carries it as `t`; scanning proves presence at the space.",
    params: spaceParams,
    response: checkInTokenSchema,
  },
  rotateCheckInToken: {
    summary: "A new token for the space's code: printed codes with the old one stop checking in (space admins)",
    description: 'Perch addition.',
    params: spaceParams,
    response: checkInTokenSchema,
  },
});

export const spaceAttributeApi = endpoints('space attributes', routes.spaceAttribute, {
  list: { summary: 'Attributes of spaces and areas in the organisation', response: z.array(spaceAttributeSchema) },
  create: { summary: 'Create an attribute (space admins)', body: spaceAttributeSaveBody },
  get: { summary: 'One attribute', params: idParams, response: spaceAttributeSchema },
  update: { summary: 'Change an attribute (space admins)', params: idParams, body: spaceAttributeSaveBody },
  delete: { summary: 'Delete an attribute and its values (space admins)', params: idParams },
});
