import type { Role as RoleNumber } from '@perch/contract';
import { ALL_ROLES, isOrgAdmin, mayGrantRole, Role } from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';

/** The part of a user the role rules look at. */
export interface RoleHolder {
  id: string;
  role: number;
}

export const ROLE_LABELS: Readonly<Record<RoleNumber, MessageKey>> = {
  [Role.User]: 'roleUser',
  [Role.SpaceAdmin]: 'roleSpaceAdmin',
  [Role.OrgAdmin]: 'roleOrgAdmin',
  [Role.ServiceAccountReadOnly]: 'roleServiceAccountReadOnly',
  [Role.ServiceAccountReadWrite]: 'roleServiceAccountReadWrite',
  [Role.SuperAdmin]: 'roleSuperAdmin',
};

export const ROLE_DESCRIPTIONS: Readonly<Record<RoleNumber, MessageKey>> = {
  [Role.User]: 'roleUserDescription',
  [Role.SpaceAdmin]: 'roleSpaceAdminDescription',
  [Role.OrgAdmin]: 'roleOrgAdminDescription',
  [Role.ServiceAccountReadOnly]: 'roleServiceAccountReadOnlyDescription',
  [Role.ServiceAccountReadWrite]: 'roleServiceAccountReadWriteDescription',
  [Role.SuperAdmin]: 'roleSuperAdminDescription',
};

export function isKnownRole(role: number): role is RoleNumber {
  return (ALL_ROLES as readonly number[]).includes(role);
}

/** The label of a role; numbers the API may add later show as they are. */
export function roleLabelKey(role: number): MessageKey | null {
  return isKnownRole(role) ? ROLE_LABELS[role] : null;
}

/**
 * Whether `actor` may open and change `target`: organisation admins manage
 * everyone up to their own role, plus service accounts; a super admin is out of an org admin's reach.
 */
export function mayManageUser(actor: RoleHolder, target: RoleHolder): boolean {
  if (!isOrgAdmin(actor.role)) return false;
  return actor.id === target.id || mayGrantRole(actor.role, target.role);
}

/** Nobody deletes themselves (the server answers 403). */
export function mayDeleteUser(actor: RoleHolder, target: RoleHolder): boolean {
  return actor.id !== target.id && mayManageUser(actor, target);
}

/** Nobody changes their own role; a new user (`null`) gets whatever role may be granted. */
export function mayChangeRole(actor: RoleHolder, target: RoleHolder | null): boolean {
  return target === null || (actor.id !== target.id && mayManageUser(actor, target));
}

/**
 * The roles the role select offers: those the actor may grant. The target's current role stays
 * in the list (shown, if the select is locked) even when the actor could not grant it.
 */
export function roleOptions(actor: RoleHolder, target: RoleHolder | null): RoleNumber[] {
  return ALL_ROLES.filter((role) => mayGrantRole(actor.role, role) || (target !== null && target.role === role));
}
