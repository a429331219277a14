import type { FastifyRequest } from 'fastify';
import { Role } from '@perch/contract';
import type { AuthContext } from '../context.js';
import { forbidden, notFound, unauthorized } from './errors.js';

/**
 * The one place where "who may do what" is decided. Routes call these helpers; an object
 * of another organisation is reported as 404 (never its data), a missing role as 403.
 */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export function requireRole(req: FastifyRequest, minRole: number): AuthContext {
  const auth = requireAuth(req);
  if (auth.role < minRole) throw forbidden();
  return auth;
}

export const isSuperAdmin = (auth: AuthContext): boolean => auth.role >= Role.SuperAdmin;

/**
 * Access to an object of organisation `orgId` with at least `minRole`. Super admins pass for
 * every organisation; others must belong to it (404 otherwise) and hold the role (403).
 */
export function requireOrgRole(req: FastifyRequest, orgId: string, minRole: number): AuthContext {
  const auth = requireAuth(req);
  if (isSuperAdmin(auth)) return auth;
  if (auth.orgId !== orgId) throw notFound();
  if (auth.role < minRole) throw forbidden();
  return auth;
}

/** Like requireOrgRole, for objects that must be in the caller's own organisation. */
export function assertSameOrg(auth: AuthContext, orgId: string | undefined): void {
  if (orgId === undefined || (auth.orgId !== orgId && !isSuperAdmin(auth))) throw notFound();
}
