import {
  Role,
  type AttributeValue,
  type FloorplanDesignData,
  type LocationMap,
  type LocationSave,
} from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { LocationRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { removeBookingsOfSpaces } from '../../booking/bookings/index.js';
import { groupsOfOrg } from '../groups/index.js';
import { isTimezone } from '../settings/index.js';
import { findSpaceAttribute } from '../space-attributes/index.js';
import { locationFor } from './access.js';
import { parseFloorplanDesign, renderFloorplanSvg } from './floorplan-design.js';
import { clearFloorplanDesign, readFloorplanDesign, writeFloorplanDesign } from './floorplan-design-store.js';
import { inspectMap, readMap, storeMap } from './map.js';
import {
  allowedBookersOf,
  countLocations,
  deleteLocation,
  insertLocation,
  listLocations,
  locationAttributeValues,
  removeLocationAttribute,
  setLocationAttribute,
  spaceCounts,
  updateLocation,
} from './repo.js';
import { createSampleArea } from './sample-data.js';

/** An area with its allowed-booker groups (and, in lists, its number of spaces). */
export interface AreaView {
  location: LocationRow;
  allowedBookerGroupIds: string[];
  spaceCount?: number;
}

async function checkSave(deps: AppDeps, orgId: string, body: LocationSave): Promise<void> {
  if (body.timezone && !isTimezone(body.timezone)) throw badRequest('Unknown time zone');
  const groups = await groupsOfOrg(deps.db, orgId, body.allowedBookerGroupIds);
  if (groups.size !== new Set(body.allowedBookerGroupIds.map((g) => g.toLowerCase())).size)
    throw badRequest('Some allowed-booker groups are not groups of this organisation');
}

/** The organisation's areas by name, with their number of spaces. */
export async function listAreas(deps: AppDeps, auth: AuthContext): Promise<AreaView[]> {
  const rows = await listLocations(deps.db, auth.orgId);
  const ids = rows.map((r) => r.id);
  const [bookers, counts] = await Promise.all([allowedBookersOf(deps.db, ids), spaceCounts(deps.db, ids)]);
  return rows.map((location) => ({
    location,
    allowedBookerGroupIds: bookers.get(location.id) ?? [],
    spaceCount: counts.get(location.id) ?? 0,
  }));
}

export async function getArea(deps: AppDeps, auth: AuthContext, id: string): Promise<AreaView> {
  const location = await locationFor(deps, auth, id, Role.User);
  return { location, allowedBookerGroupIds: (await allowedBookersOf(deps.db, [location.id])).get(location.id) ?? [] };
}

export async function createArea(deps: AppDeps, auth: AuthContext, body: LocationSave): Promise<string> {
  requireRole(auth, Role.SpaceAdmin);
  await checkSave(deps, auth.orgId, body);
  return inTransaction(deps, (tx) => insertLocation(tx.db, auth.orgId, body));
}

export async function updateArea(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; location: LocationSave },
): Promise<void> {
  const location = await locationFor(deps, auth, input.id, Role.SpaceAdmin);
  await checkSave(deps, location.organization_id, input.location);
  await inTransaction(deps, (tx) => updateLocation(tx.db, location.id, input.location));
}

/** Deletes an area; its spaces, bookings and series go with it (bookings not yet over as cancelled ones). */
export async function deleteArea(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const location = await locationFor(deps, auth, id, Role.SpaceAdmin);
  await inTransaction(deps, async (tx) => {
    await removeBookingsOfSpaces(tx, auth, { locationId: location.id });
    await deleteLocation(tx.db, location.id);
  });
}

/** The sample floor, for an organisation without areas (org admins). */
export async function loadSampleData(deps: AppDeps, auth: AuthContext): Promise<void> {
  requireRole(auth, Role.OrgAdmin);
  if ((await countLocations(deps.db, auth.orgId)) > 0) throw conflict('This organisation already has areas');
  await inTransaction(deps, (tx) => createSampleArea(tx.db, auth.orgId));
}

export async function getAreaMap(deps: AppDeps, auth: AuthContext, id: string): Promise<LocationMap> {
  return readMap(deps.db, await locationFor(deps, auth, id, Role.User));
}

/** Stores the floor-plan image (raw bytes) and the area's plan size together. */
export async function uploadAreaMap(deps: AppDeps, auth: AuthContext, input: { id: string; image: unknown }) {
  const location = await locationFor(deps, auth, input.id, Role.SpaceAdmin);
  if (!Buffer.isBuffer(input.image) || input.image.length === 0)
    throw badRequest('Send the image file as the request body');
  const image = await inspectMap(input.image);
  await inTransaction(deps, (tx) => storeMap(tx.db, location.id, image));
}

/** The area's floor-plan design as saved, or `""` when it has none (every member). */
export async function getFloorplanDesign(deps: AppDeps, auth: AuthContext, id: string): Promise<FloorplanDesignData> {
  const location = await locationFor(deps, auth, id, Role.User);
  return { designData: (await readFloorplanDesign(deps.db, location.id)) ?? '' };
}

/**
 * Saves a floor-plan design and stores its drawing as the area's map, together; an empty
 * design (`""` or no elements) removes the design and the map drawn from it.
 */
export async function saveFloorplanDesign(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; designData: string },
): Promise<void> {
  const location = await locationFor(deps, auth, input.id, Role.SpaceAdmin);
  const design = parseFloorplanDesign(input.designData);
  if (!design) {
    await inTransaction(deps, (tx) => clearFloorplanDesign(tx.db, location.id));
    return;
  }
  const rendered = renderFloorplanSvg(design);
  await inTransaction(deps, (tx) => writeFloorplanDesign(tx.db, location.id, input.designData, rendered));
}

export async function areaAttributes(deps: AppDeps, auth: AuthContext, id: string): Promise<AttributeValue[]> {
  const location = await locationFor(deps, auth, id, Role.User);
  const values = (await locationAttributeValues(deps.db, [location.id])).get(location.id) ?? new Map<string, string>();
  return [...values].map(([attributeId, value]) => ({ attributeId, value }));
}

export async function setAreaAttribute(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; attributeId: string; value: string },
): Promise<void> {
  const location = await locationFor(deps, auth, input.id, Role.SpaceAdmin);
  const attr = await findSpaceAttribute(deps.db, pathId(input.attributeId, 'Unknown attribute'));
  if (!attr || attr.organization_id !== location.organization_id) throw notFound('Unknown attribute');
  if (!attr.location_applicable) throw badRequest('This attribute does not apply to areas');
  await setLocationAttribute(deps.db, location.id, { attributeId: attr.id, value: input.value });
}

export async function removeAreaAttribute(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; attributeId: string },
): Promise<void> {
  const location = await locationFor(deps, auth, input.id, Role.SpaceAdmin);
  await removeLocationAttribute(deps.db, location.id, pathId(input.attributeId, 'Unknown attribute'));
}
