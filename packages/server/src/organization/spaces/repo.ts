import { checkInColumns } from '../locations/index.js';
import type { AttributeValue, SpaceSave } from '@perch/contract';
import { sql } from 'kysely';
import type { Db, PreparedQuery } from '../../db/connection.js';
import type { SpaceRow } from '../../db/schema.js';

export interface SpaceLinks {
  attributes: Map<string, AttributeValue[]>;
  approvers: Map<string, string[]>;
  allowedBookers: Map<string, string[]>;
}

export async function listSpaces(db: Db, locationId: string): Promise<SpaceRow[]> {
  return db
    .selectFrom('spaces')
    .selectAll()
    .where('location_id', '=', locationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findSpace(db: Db, locationId: string, id: string): Promise<SpaceRow | undefined> {
  return db
    .selectFrom('spaces')
    .selectAll()
    .where('id', '=', id)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
}

/** Attribute values and group links of every space of an area, in one query. */
export async function spaceLinksOfLocation(db: Db, locationId: string): Promise<SpaceLinks> {
  const { rows } = await sql<{ space_id: string; kind: 'a' | 'p' | 'b'; ref: string; value: string }>`
    SELECT v.space_id, 'a' AS kind, v.attribute_id::text AS ref, v.value
      FROM space_attribute_values v JOIN spaces s ON s.id = v.space_id WHERE s.location_id = ${locationId}
    UNION ALL
    SELECT p.space_id, 'p', p.group_id::text, '' FROM space_approvers p JOIN spaces s ON s.id = p.space_id WHERE s.location_id = ${locationId}
    UNION ALL
    SELECT b.space_id, 'b', b.group_id::text, '' FROM space_allowed_bookers b JOIN spaces s ON s.id = b.space_id WHERE s.location_id = ${locationId}`.execute(
    db,
  );
  const links: SpaceLinks = { attributes: new Map(), approvers: new Map(), allowedBookers: new Map() };
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  for (const r of rows) {
    if (r.kind === 'a') push(links.attributes, r.space_id, { attributeId: r.ref, value: r.value });
    else if (r.kind === 'p') push(links.approvers, r.space_id, r.ref);
    else push(links.allowedBookers, r.space_id, r.ref);
  }
  return links;
}

/** Attribute values and group links of some spaces, in three queries. */
export async function spaceLinks(db: Db, spaceIds: readonly string[]): Promise<SpaceLinks> {
  const links: SpaceLinks = { attributes: new Map(), approvers: new Map(), allowedBookers: new Map() };
  for (const id of spaceIds) {
    links.attributes.set(id, []);
    links.approvers.set(id, []);
    links.allowedBookers.set(id, []);
  }
  if (spaceIds.length === 0) return links;
  const ids = [...spaceIds];
  const [attrs, approvers, bookers] = await Promise.all([
    db
      .selectFrom('space_attribute_values')
      .select(['space_id', 'attribute_id', 'value'])
      .where('space_id', 'in', ids)
      .execute(),
    db.selectFrom('space_approvers').select(['space_id', 'group_id']).where('space_id', 'in', ids).execute(),
    db.selectFrom('space_allowed_bookers').select(['space_id', 'group_id']).where('space_id', 'in', ids).execute(),
  ]);
  for (const a of attrs) links.attributes.get(a.space_id)?.push({ attributeId: a.attribute_id, value: a.value });
  for (const a of approvers) links.approvers.get(a.space_id)?.push(a.group_id);
  for (const a of bookers) links.allowedBookers.get(a.space_id)?.push(a.group_id);
  return links;
}

export function spaceColumns(s: SpaceSave) {
  return {
    name: s.name,
    x: s.x,
    y: s.y,
    width: s.width,
    height: s.height,
    rotation: s.rotation,
    require_subject: s.requireSubject,
    enabled: s.enabled,
    kiosk_enabled: s.kioskEnabled,
    shape: s.shape,
    font_size: s.fontSize,
    ...checkInColumns(s),
  };
}

/** Replaces a space's attribute values; only attributes in `allowedAttributes` are kept. */
export async function replaceSpaceAttributes(
  db: Db,
  spaceId: string,
  values: readonly AttributeValue[],
  allowedAttributes: ReadonlySet<string>,
): Promise<void> {
  await db.deleteFrom('space_attribute_values').where('space_id', '=', spaceId).execute();
  const byId = new Map<string, string>();
  for (const v of values) {
    const id = v.attributeId.toLowerCase();
    if (allowedAttributes.has(id)) byId.set(id, v.value);
  }
  if (byId.size)
    await db
      .insertInto('space_attribute_values')
      .values([...byId].map(([attribute_id, value]) => ({ space_id: spaceId, attribute_id, value })))
      .execute();
}

export type GroupLinkTable = 'space_approvers' | 'space_allowed_bookers';

export async function replaceGroupLinks(
  db: Db,
  table: GroupLinkTable,
  spaceId: string,
  groupIds: readonly string[],
): Promise<void> {
  await db.deleteFrom(table).where('space_id', '=', spaceId).execute();
  await addGroupLinks(db, table, spaceId, groupIds);
}

export async function addGroupLinks(
  db: Db,
  table: GroupLinkTable,
  spaceId: string,
  groupIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(groupIds.map((g) => g.toLowerCase()))];
  if (unique.length)
    await db
      .insertInto(table)
      .values(unique.map((group_id) => ({ space_id: spaceId, group_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** Bookings of an area overlapping a window, with the booker and whether they are a buddy of `viewerId`. */
const AREA_BOOKINGS_SQL = `
  SELECT b.id, b.space_id, coalesce(b.recurring_id::text, '') AS recurring_id, b.user_id,
    u.email, u.firstname, u.lastname, b.subject, b.approved,
    (extract(epoch FROM b.enter_at) * 1000)::float8 AS enter_ms,
    (extract(epoch FROM b.leave_at) * 1000)::float8 AS leave_ms,
    EXISTS (SELECT 1 FROM buddies bd WHERE bd.owner_id = $4 AND bd.buddy_id = b.user_id) AS is_buddy,
    b.checked_in_at IS NOT NULL AS checked_in
  FROM bookings b JOIN users u ON u.id = b.user_id
  WHERE b.location_id = $1 AND tstzrange(b.enter_at, b.leave_at, '[)') && tstzrange($2, $3, '[)')
  ORDER BY b.enter_at`;

export interface AreaBookingRow {
  id: string;
  space_id: string;
  recurring_id: string;
  user_id: string;
  email: string;
  firstname: string;
  lastname: string;
  subject: string;
  approved: boolean;
  enter_ms: number;
  leave_ms: number;
  is_buddy: boolean;
  checked_in: boolean;
}

const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The bookings of an area overlapping [from, to) by start (a prepared statement: availability's hot path). */
export async function areaBookings(
  prepared: PreparedQuery,
  locationId: string,
  from: Date,
  to: Date,
  viewerId: string | null,
): Promise<AreaBookingRow[]> {
  return prepared<AreaBookingRow>('area-bookings', AREA_BOOKINGS_SQL, [locationId, from, to, viewerId ?? NOBODY]);
}

export async function deleteSpace(db: Db, id: string): Promise<void> {
  await db.deleteFrom('spaces').where('id', '=', id).execute();
}

/** The groups linked to a space as approvers or allowed bookers, by name. */
export async function groupsLinkedTo(db: Db, table: GroupLinkTable, spaceId: string) {
  return db
    .selectFrom(table)
    .innerJoin('groups', 'groups.id', `${table}.group_id`)
    .selectAll('groups')
    .where(`${table}.space_id`, '=', spaceId)
    .orderBy('groups.name')
    .execute();
}

export async function removeGroupLinks(
  db: Db,
  table: GroupLinkTable,
  spaceId: string,
  groupIds: readonly string[],
): Promise<void> {
  if (groupIds.length)
    await db
      .deleteFrom(table)
      .where('space_id', '=', spaceId)
      .where('group_id', 'in', [...groupIds])
      .execute();
}

/** Gives a space's code a new token. */
export async function setSpaceCheckInToken(db: Db, spaceId: string, token: string): Promise<void> {
  await db.updateTable('spaces').set({ checkin_token: token }).where('id', '=', spaceId).execute();
}

/** The tokens in the codes of an area's spaces. */
export async function checkInTokensOfArea(db: Db, locationId: string): Promise<{ spaceId: string; token: string }[]> {
  return db
    .selectFrom('spaces')
    .select(['id as spaceId', 'checkin_token as token'])
    .where('location_id', '=', locationId)
    .orderBy('name')
    .execute();
}
