import { Role } from '@perch/contract';
import { requireOrgRole, requireRole } from '../../access.js';
import type { AuthContext } from '../../context.js';
import type { GroupRow } from '../../db/schema.js';

/**
 * Space admins read groups; org admins create, rename and delete them and see and change
 * their members.
 */
export type GroupAccess = 'read' | 'change';

const MIN_ROLE: Record<GroupAccess, number> = { read: Role.SpaceAdmin, change: Role.OrgAdmin };

/** Access to the groups of the caller's own organisation (lists, new groups). */
export function requireGroupsAccess(auth: AuthContext, access: GroupAccess): void {
  requireRole(auth, MIN_ROLE[access]);
}

/** Access to one group: 404 for a group of another organisation, 403 without the role. */
export function requireGroupAccess(auth: AuthContext, group: GroupRow, access: GroupAccess): void {
  requireOrgRole(auth, group.organization_id, MIN_ROLE[access]);
}
