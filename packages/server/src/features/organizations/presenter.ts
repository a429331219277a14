import type { Domain, Organization } from '@perch/contract';
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

/** The answer to a changed organisation: no domain verification is started here. */
export function presentOrganizationUpdated(): { verifyUuid: string } {
  return { verifyUuid: '' };
}

/** The answer to a deleted organisation: no confirmation code is needed. */
export function presentOrganizationDeleted(): { code: string } {
  return { code: '' };
}
