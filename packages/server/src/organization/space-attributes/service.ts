import { Role, type SpaceAttributeSave } from '@perch/contract';
import { requireOrgRole, requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { SpaceAttributeRow } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import {
  deleteSpaceAttribute,
  findSpaceAttribute,
  insertSpaceAttribute,
  listSpaceAttributes,
  updateSpaceAttribute,
} from './repo.js';

/** Attributes are read by everyone in the organisation and kept by space admins. */
async function attributeFor(deps: AppDeps, auth: AuthContext, rawId: string, minRole: number) {
  const a = await findSpaceAttribute(deps.db, pathId(rawId, 'Unknown attribute'));
  if (!a) throw notFound('Unknown attribute');
  requireOrgRole(auth, a.organization_id, minRole);
  return a;
}

export const listAttributes = (deps: AppDeps, auth: AuthContext): Promise<SpaceAttributeRow[]> =>
  listSpaceAttributes(deps.db, auth.orgId);

export const getAttribute = (deps: AppDeps, auth: AuthContext, id: string): Promise<SpaceAttributeRow> =>
  attributeFor(deps, auth, id, Role.User);

export function createAttribute(deps: AppDeps, auth: AuthContext, body: SpaceAttributeSave): Promise<string> {
  requireRole(auth, Role.SpaceAdmin);
  return insertSpaceAttribute(deps.db, auth.orgId, body);
}

export async function updateAttribute(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; attribute: SpaceAttributeSave },
): Promise<void> {
  const a = await attributeFor(deps, auth, input.id, Role.SpaceAdmin);
  await updateSpaceAttribute(deps.db, a.id, input.attribute);
}

export async function deleteAttribute(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const a = await attributeFor(deps, auth, id, Role.SpaceAdmin);
  await deleteSpaceAttribute(deps.db, a.id);
}
