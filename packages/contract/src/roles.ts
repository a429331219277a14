/** Numeric user roles. Checks are thresholds: a higher role inherits the lower ones. */
export const Role = {
  User: 0,
  SpaceAdmin: 10,
  OrgAdmin: 20,
  ServiceAccountReadOnly: 21,
  ServiceAccountReadWrite: 22,
  SuperAdmin: 90,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ALL_ROLES: readonly Role[] = [0, 10, 20, 21, 22, 90];

export const isSpaceAdmin = (role: number): boolean => role >= Role.SpaceAdmin;
export const isOrgAdmin = (role: number): boolean => role >= Role.OrgAdmin;
export const isSuperAdmin = (role: number): boolean => role >= Role.SuperAdmin;
export const isServiceAccount = (role: number): boolean =>
  role === Role.ServiceAccountReadOnly || role === Role.ServiceAccountReadWrite;

/**
 * Whether an actor with role `actorRole` may grant `requested`.
 * Nobody grants a role above their own; service-account roles are the exception for org admins.
 */
export function mayGrantRole(actorRole: number, requested: number): boolean {
  if (requested <= actorRole) return true;
  return isServiceAccount(requested) && isOrgAdmin(actorRole);
}
