import type { Group } from '@perch/contract';
import type { GroupRow } from '../../db/schema.js';

/** A group as the API shows it; `userCount` only where it was counted (the group list). */
export function presentGroup(g: GroupRow, userCount = 0): Group {
  return { id: g.id, organizationId: g.organization_id, name: g.name, userCount };
}
