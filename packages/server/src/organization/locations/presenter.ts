import type { Location } from '@perch/contract';
import type { LocationRow } from '../../db/schema.js';

/** Map image types travel as their subtype (`png`, `svg+xml` …), as existing clients expect. */
export const shortMimeType = (mime: string): string => mime.replace(/^image\//, '');

/** An area as the API shows it; lists add its number of spaces. */
export function presentLocation(l: LocationRow, allowedBookerGroupIds: string[] = [], spaceCount?: number): Location {
  return {
    id: l.id,
    organizationId: l.organization_id,
    name: l.name,
    description: l.description,
    maxConcurrentBookings: l.max_concurrent_bookings,
    timezone: l.timezone,
    enabled: l.enabled,
    mapScale: l.map_scale,
    mapType: l.map_type,
    mapWidth: l.map_width,
    mapHeight: l.map_height,
    mapMimeType: shortMimeType(l.map_mime_type),
    allowedBookerGroupIds,
    bookableDays: l.bookable_days.map(Number),
    checkinMode: l.checkin_mode,
    checkinOpensMinutes: l.checkin_opens_minutes,
    checkinGraceMinutes: l.checkin_grace_minutes,
    checkinReleaseTime: l.checkin_release_time,
    checkinRelease: l.checkin_release,
    checkinExemptLong: l.checkin_exempt_long,
    ...(spaceCount !== undefined ? { spaceCount } : {}),
  };
}
