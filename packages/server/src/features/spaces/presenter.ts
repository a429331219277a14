import type { Space } from '@perch/contract';
import type { SpaceRow } from '../../db/schema.js';
import type { SpaceLinks } from './repo.js';

export function presentSpace(s: SpaceRow, links: SpaceLinks): Space {
  return {
    id: s.id,
    locationId: s.location_id,
    name: s.name,
    x: s.x,
    y: s.y,
    width: s.width,
    height: s.height,
    rotation: s.rotation,
    requireSubject: s.require_subject,
    enabled: s.enabled,
    kioskEnabled: s.kiosk_enabled,
    shape: s.shape,
    fontSize: s.font_size,
    attributes: links.attributes.get(s.id) ?? [],
    approverGroupIds: links.approvers.get(s.id) ?? [],
    allowedBookerGroupIds: links.allowedBookers.get(s.id) ?? [],
  };
}
