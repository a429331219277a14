import type { AvailabilityBooking, Space, SpaceAvailability } from '@perch/contract';
import type { SpaceRow } from '../../db/schema.js';
import type { SpaceLinks } from './repo.js';

/** One space of an availability answer (availability.ts): the (shared, unchanging) space and what depends on the request. */
export interface AvailabilityEntry {
  space: Space;
  available: boolean;
  allowed: boolean;
  approvalRequired: boolean;
  bookings: AvailabilityBooking[];
}

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
    checkinMode: s.checkin_mode,
    checkinOpensMinutes: s.checkin_opens_minutes,
    checkinGraceMinutes: s.checkin_grace_minutes,
    checkinReleaseTime: s.checkin_release_time,
    checkinRelease: s.checkin_release,
    checkinExemptLong: s.checkin_exempt_long,
  };
}

/** A space of an availability answer as the API shows it (`kioskEnabled` is always false there). */
export function presentAvailability(e: AvailabilityEntry): SpaceAvailability {
  return {
    ...e.space,
    kioskEnabled: false,
    available: e.available,
    allowed: e.allowed,
    approvalRequired: e.approvalRequired,
    bookings: e.bookings,
  };
}

/** The serialised space without its closing brace, kept as long as the area snapshot keeps the space. */
const spaceJson = new WeakMap<Space, string>();

/**
 * The availability answer as JSON text, exactly `presentAvailability` of every entry. The
 * spaces of an area rarely change, so their part of the text is kept with the area snapshot;
 * only the request's flags and bookings are serialised.
 */
export function availabilityJson(entries: readonly AvailabilityEntry[]): string {
  const parts = entries.map((e) => {
    let head = spaceJson.get(e.space);
    if (head === undefined) {
      head = JSON.stringify({ ...e.space, kioskEnabled: false }).slice(0, -1);
      spaceJson.set(e.space, head);
    }
    return `${head},"available":${e.available},"allowed":${e.allowed},"approvalRequired":${e.approvalRequired},"bookings":${JSON.stringify(e.bookings)}}`;
  });
  return `[${parts.join(',')}]`;
}
