import type { Location } from '@perch/contract';
import { isKnownZone } from './wall-time';

/** The area's zone: its own, else the organisation default, else UTC. */
export function areaZone(area: Location | undefined, defaultZone: string | undefined): string {
  for (const zone of [area?.timezone, defaultZone]) if (zone && isKnownZone(zone)) return zone;
  return 'UTC';
}
