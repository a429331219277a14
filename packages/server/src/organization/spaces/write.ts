import type { SpaceBulk, SpaceSave, BulkResult } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import { removeBookingsOfSpaces } from '../../booking/bookings/index.js';
import { groupsOfOrg } from '../groups/index.js';
import { replaceGroupLinks, replaceSpaceAttributes, spaceColumns } from './repo.js';

/** What a space save may refer to in its organisation. */
export interface SpaceRefs {
  /** Attribute ids of the organisation that apply to spaces. */
  attributes: Set<string>;
}

export async function spaceRefs(db: Db, orgId: string): Promise<SpaceRefs> {
  const rows = await db
    .selectFrom('space_attributes')
    .select('id')
    .where('organization_id', '=', orgId)
    .where('space_applicable', '=', true)
    .execute();
  return { attributes: new Set(rows.map((r) => r.id)) };
}

/** Refuses group ids that are not groups of the organisation. */
export async function checkGroups(db: Db, orgId: string, saves: readonly SpaceSave[]): Promise<void> {
  const ids = new Set<string>();
  for (const s of saves)
    for (const g of [...(s.approverGroupIds ?? []), ...(s.allowedBookerGroupIds ?? [])]) ids.add(g.toLowerCase());
  const found = await groupsOfOrg(db, orgId, [...ids]);
  if (found.size !== ids.size) throw badRequest('Some groups are not groups of this organisation');
}

async function writeLinks(db: Db, spaceId: string, s: SpaceSave, refs: SpaceRefs): Promise<void> {
  await replaceSpaceAttributes(db, spaceId, s.attributes, refs.attributes);
  if (s.approverGroupIds) await replaceGroupLinks(db, 'space_approvers', spaceId, s.approverGroupIds);
  if (s.allowedBookerGroupIds) await replaceGroupLinks(db, 'space_allowed_bookers', spaceId, s.allowedBookerGroupIds);
}

export async function createSpace(db: Db, locationId: string, s: SpaceSave, refs: SpaceRefs): Promise<string> {
  const row = await db
    .insertInto('spaces')
    .values({ location_id: locationId, ...spaceColumns(s) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLinks(db, row.id, s, refs);
  return row.id;
}

export async function updateSpace(db: Db, spaceId: string, s: SpaceSave, refs: SpaceRefs): Promise<void> {
  await db.updateTable('spaces').set(spaceColumns(s)).where('id', '=', spaceId).execute();
  await writeLinks(db, spaceId, s, refs);
}

/**
 * Applies a bulk save in one transaction: deletes, then creates, then updates. Every id must
 * be a space of this area; anything wrong refuses the whole request and changes nothing.
 */
export async function applyBulk(
  deps: AppDeps,
  auth: AuthContext,
  orgId: string,
  locationId: string,
  bulk: SpaceBulk,
): Promise<BulkResult> {
  const named = [...bulk.updates.map((u) => u.id), ...bulk.deleteIds].map((id) => id.toLowerCase());
  if (new Set(bulk.updates.map((u) => u.id.toLowerCase())).size !== bulk.updates.length)
    throw badRequest('A space appears twice in the updates');
  return inTransaction(deps, async (tx) => {
    const trx = tx.db;
    if (named.length) {
      const found = await trx
        .selectFrom('spaces')
        .select('id')
        .where('location_id', '=', locationId)
        .where('id', 'in', [...new Set(named)])
        .forUpdate()
        .execute();
      if (found.length !== new Set(named).size) throw badRequest('Some spaces are not in this area');
    }
    await checkGroups(trx, orgId, [...bulk.creates, ...bulk.updates]);
    const refs = await spaceRefs(trx, orgId);
    const result: BulkResult = { creates: [], updates: [], deletes: [] };
    if (bulk.deleteIds.length) {
      await removeBookingsOfSpaces(tx, auth, { spaceIds: bulk.deleteIds.map((id) => id.toLowerCase()) });
      await trx.deleteFrom('spaces').where('location_id', '=', locationId).where('id', 'in', bulk.deleteIds).execute();
      result.deletes = bulk.deleteIds.map((id) => ({ id, success: true }));
    }
    for (const c of bulk.creates)
      result.creates.push({ id: await createSpace(trx, locationId, c, refs), success: true });
    for (const u of bulk.updates) {
      await updateSpace(trx, u.id.toLowerCase(), u, refs);
      result.updates.push({ id: u.id, success: true });
    }
    return result;
  });
}
