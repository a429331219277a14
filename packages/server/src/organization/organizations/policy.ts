import { Role } from '@perch/contract';
import { isSuperAdmin } from '../../access.js';
import type { AuthContext } from '../../context.js';
import { forbidden } from '../../http/errors.js';

/** Who may do what with organisations and their domains. */

/** Listing and creating organisations is for super admins. */
export const ORGANIZATION_CREATOR_ROLE = Role.SuperAdmin;
/** Reading and changing one organisation and its domains: its org admins (and super admins). */
export const ORGANIZATION_MANAGER_ROLE = Role.OrgAdmin;

/**
 * Deleting an organisation needs ALLOW_ORG_DELETE unless the caller is a super admin; a super
 * admin never deletes their own organisation.
 */
export function checkMayDeleteOrganization(auth: AuthContext, orgId: string, allowOrgDelete: boolean): void {
  if (!isSuperAdmin(auth) && !allowOrgDelete) throw forbidden('Deleting organisations is disabled');
  if (orgId === auth.orgId && isSuperAdmin(auth)) throw forbidden('You cannot delete your own organisation');
}

/** Domains added by super admins are active at once; others wait for DNS verification. */
export const domainActiveWhenAdded = (auth: AuthContext): boolean => isSuperAdmin(auth);
