import { randomBytes } from 'node:crypto';
import { Role, type BulkResult, type Space, type SpaceBulk, type SpaceSave } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { GroupRow, LocationRow, SpaceRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { removeBookingsOfSpaces } from '../../booking/bookings/index.js';
import { groupsOfOrg } from '../groups/index.js';
import { locationFor } from '../locations/index.js';
import { areaSnapshot } from './area-snapshot.js';
import { presentSpace } from './presenter.js';
import {
  addGroupLinks,
  deleteSpace as deleteSpaceRow,
  findSpace,
  groupsLinkedTo,
  removeGroupLinks,
  checkInTokensOfArea,
  setSpaceCheckInToken,
  spaceLinks,
  type GroupLinkTable,
} from './repo.js';
import { applyBulk, checkGroups, createSpace as insertSpace, spaceRefs, updateSpace as writeSpace } from './write.js';

/** Which group list of a space: those who approve its bookings, or those who may book it. */
export type SpaceGroupList = 'approvers' | 'allowedBookers';
const TABLES: Record<SpaceGroupList, GroupLinkTable> = {
  approvers: 'space_approvers',
  allowedBookers: 'space_allowed_bookers',
};

export interface SpaceRef {
  locationId: string;
  id: string;
}

/** A space of the area named in the path; everyone in the organisation reads, space admins change. */
async function spaceFor(
  deps: AppDeps,
  auth: AuthContext,
  ref: SpaceRef,
  minRole: number,
): Promise<{ location: LocationRow; space: SpaceRow }> {
  const location = await locationFor(deps, auth, ref.locationId, minRole);
  const space = await findSpace(deps.db, location.id, pathId(ref.id, 'Unknown space'));
  if (!space) throw notFound('Unknown space');
  return { location, space };
}

/** The spaces of an area, as presented (kept in memory between requests). */
export async function listAreaSpaces(deps: AppDeps, auth: AuthContext, locationId: string): Promise<Space[]> {
  const location = await locationFor(deps, auth, locationId, Role.User);
  return (await areaSnapshot(deps, location)).spaces;
}

export async function getSpace(deps: AppDeps, auth: AuthContext, ref: SpaceRef): Promise<Space> {
  const { space } = await spaceFor(deps, auth, ref, Role.User);
  return presentSpace(space, await spaceLinks(deps.db, [space.id]));
}

export async function createSpace(
  deps: AppDeps,
  auth: AuthContext,
  input: { locationId: string; space: SpaceSave },
): Promise<string> {
  const location = await locationFor(deps, auth, input.locationId, Role.SpaceAdmin);
  await checkGroups(deps.db, location.organization_id, [input.space]);
  const refs = await spaceRefs(deps.db, location.organization_id);
  return inTransaction(deps, (tx) => insertSpace(tx.db, location.id, input.space, refs));
}

export async function updateSpace(
  deps: AppDeps,
  auth: AuthContext,
  input: SpaceRef & { space: SpaceSave },
): Promise<void> {
  const { location, space } = await spaceFor(deps, auth, input, Role.SpaceAdmin);
  await checkGroups(deps.db, location.organization_id, [input.space]);
  const refs = await spaceRefs(deps.db, location.organization_id);
  await inTransaction(deps, (tx) => writeSpace(tx.db, space.id, input.space, refs));
}

/** The tokens in the codes of every space of an area (space admins print them). */
export async function areaCheckInTokens(
  deps: AppDeps,
  auth: AuthContext,
  locationId: string,
): Promise<{ spaceId: string; token: string }[]> {
  const location = await locationFor(deps, auth, locationId, Role.SpaceAdmin);
  return checkInTokensOfArea(deps.db, location.id);
}

/** The token in the space's code (space admins print it). */
export async function spaceCheckInToken(deps: AppDeps, auth: AuthContext, ref: SpaceRef): Promise<{ token: string }> {
  const { space } = await spaceFor(deps, auth, ref, Role.SpaceAdmin);
  return { token: space.checkin_token };
}

/** A new token for the space's code: codes printed with the old one no longer check anyone in. */
export async function rotateSpaceCheckInToken(
  deps: AppDeps,
  auth: AuthContext,
  ref: SpaceRef,
): Promise<{ token: string }> {
  const { space } = await spaceFor(deps, auth, ref, Role.SpaceAdmin);
  const token = randomBytes(24).toString('base64url');
  await setSpaceCheckInToken(deps.db, space.id, token);
  return { token };
}

/** Deletes a space with its bookings (those not yet over as cancelled ones). */
export async function deleteSpace(deps: AppDeps, auth: AuthContext, ref: SpaceRef): Promise<void> {
  const { space } = await spaceFor(deps, auth, ref, Role.SpaceAdmin);
  await inTransaction(deps, async (tx) => {
    await removeBookingsOfSpaces(tx, auth, { spaceIds: [space.id] });
    await deleteSpaceRow(tx.db, space.id);
  });
}

/** Creates, changes and deletes spaces of an area at once, all or nothing. */
export async function bulkSaveSpaces(
  deps: AppDeps,
  auth: AuthContext,
  input: { locationId: string; bulk: SpaceBulk },
): Promise<BulkResult> {
  const location = await locationFor(deps, auth, input.locationId, Role.SpaceAdmin);
  return applyBulk(deps, auth, location.organization_id, location.id, input.bulk);
}

export async function spaceGroups(
  deps: AppDeps,
  auth: AuthContext,
  input: SpaceRef & { list: SpaceGroupList },
): Promise<GroupRow[]> {
  const { space } = await spaceFor(deps, auth, input, Role.SpaceAdmin);
  return groupsLinkedTo(deps.db, TABLES[input.list], space.id);
}

/** Adds groups to a space's list; adding a group twice is fine. */
export async function addSpaceGroups(
  deps: AppDeps,
  auth: AuthContext,
  input: SpaceRef & { list: SpaceGroupList; groupIds: readonly string[] },
): Promise<void> {
  const { location, space } = await spaceFor(deps, auth, input, Role.SpaceAdmin);
  const ids = [...new Set(input.groupIds.map((g) => g.toLowerCase()))];
  if ((await groupsOfOrg(deps.db, location.organization_id, ids)).size !== ids.length)
    throw badRequest('Some groups are not groups of this organisation');
  await addGroupLinks(deps.db, TABLES[input.list], space.id, ids);
}

export async function removeSpaceGroups(
  deps: AppDeps,
  auth: AuthContext,
  input: SpaceRef & { list: SpaceGroupList; groupIds: readonly string[] },
): Promise<void> {
  const { space } = await spaceFor(deps, auth, input, Role.SpaceAdmin);
  await removeGroupLinks(deps.db, TABLES[input.list], space.id, [
    ...new Set(input.groupIds.map((g) => g.toLowerCase())),
  ]);
}
