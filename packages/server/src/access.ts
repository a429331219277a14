import { isSuperAdmin as roleIsSuperAdmin } from '@perch/contract';
import type { AuthContext } from './context.js';
import { forbidden, notFound } from './http/errors.js';

/**
 * Tenant and role checks shared by every feature; each feature's `policy.ts` builds its own
 * rules on them. An object of another organisation is reported as 404 (never its data), a
 * missing role as 403. Roles are thresholds: a higher role inherits the lower ones.
 */

export const isSuperAdmin = (auth: AuthContext): boolean => roleIsSuperAdmin(auth.role);

/** The caller holds at least `minRole` in their own organisation. */
export function requireRole(auth: AuthContext, minRole: number): AuthContext {
  if (auth.role < minRole) throw forbidden();
  return auth;
}

/**
 * Access to an object of organisation `orgId` with at least `minRole`. Super admins pass for
 * every organisation; others must belong to it (404 otherwise) and hold the role (403).
 */
export function requireOrgRole(auth: AuthContext, orgId: string, minRole: number): AuthContext {
  if (isSuperAdmin(auth)) return auth;
  if (auth.orgId !== orgId) throw notFound();
  return requireRole(auth, minRole);
}
