import type { SpaceAttributeSave } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import type { SpaceAttributeRow } from '../../db/schema.js';

const columns = (a: SpaceAttributeSave) => ({
  label: a.label,
  type: a.type,
  space_applicable: a.spaceApplicable,
  location_applicable: a.locationApplicable,
});

export async function findSpaceAttribute(db: Db, id: string): Promise<SpaceAttributeRow | undefined> {
  return db.selectFrom('space_attributes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSpaceAttributes(db: Db, orgId: string): Promise<SpaceAttributeRow[]> {
  return db.selectFrom('space_attributes').selectAll().where('organization_id', '=', orgId).orderBy('label').execute();
}

export async function insertSpaceAttribute(db: Db, orgId: string, a: SpaceAttributeSave): Promise<string> {
  const row = await db
    .insertInto('space_attributes')
    .values({ organization_id: orgId, ...columns(a) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSpaceAttribute(db: Db, id: string, a: SpaceAttributeSave): Promise<void> {
  await db.updateTable('space_attributes').set(columns(a)).where('id', '=', id).execute();
}

export async function deleteSpaceAttribute(db: Db, id: string): Promise<void> {
  await db.deleteFrom('space_attributes').where('id', '=', id).execute();
}
