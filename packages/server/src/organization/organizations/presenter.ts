import type { Domain, domainReachabilitySchema, Organization } from '@perch/contract';
import type { z } from 'zod';
import type { DomainRow, OrganizationRow } from '../../db/schema.js';

export function presentOrganization(o: OrganizationRow): Organization {
  return {
    id: o.id,
    name: o.name,
    firstname: o.contact_firstname,
    lastname: o.contact_lastname,
    email: o.contact_email,
    language: o.language,
  };
}

/** The public stub: the organisation's name without its contact details. */
export function presentOrganizationStub(o: Pick<OrganizationRow, 'id' | 'name'>): Organization {
  return { id: o.id, name: o.name, firstname: '', lastname: '', email: '', language: '' };
}

export const EMPTY_ORGANIZATION: Organization = {
  id: '',
  name: '',
  firstname: '',
  lastname: '',
  email: '',
  language: '',
};

export function presentDomain(d: DomainRow): Domain {
  return {
    domain: d.domain,
    active: d.active,
    verifyToken: d.active ? '' : d.verify_token,
    primary: d.is_primary,
    accessible: d.accessible,
    accessCheck: d.access_check ? d.access_check.toISOString() : null,
    organizationId: d.organization_id,
  };
}

/** The answer the reachability probe looks for on the domain itself. */
export function presentDomainReachability(r: {
  domain: string;
  orgId: string;
}): z.infer<typeof domainReachabilitySchema> {
  return { domain: r.domain, orgID: r.orgId, status: 'ok' };
}

/** The answer to a changed organisation: no domain verification is started here. */
export function presentOrganizationUpdated(verifyUuid: string): { verifyUuid: string } {
  return { verifyUuid };
}

export function presentOrganizationDeleted(code: string): { code: string } {
  return { code };
}
