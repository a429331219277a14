import type { SpaceAttribute } from '@perch/contract';
import type { SpaceAttributeRow } from '../../db/schema.js';

export function presentSpaceAttribute(a: SpaceAttributeRow): SpaceAttribute {
  return {
    id: a.id,
    organizationId: a.organization_id,
    label: a.label,
    type: a.type,
    spaceApplicable: a.space_applicable,
    locationApplicable: a.location_applicable,
  };
}
