/**
 * TanStack Query keys that several features read or invalidate. A feature's own keys live in its
 * `api/query-keys.ts`; where they extend one of these, they start with it, so invalidating the
 * shared prefix reaches them too.
 */
export const sharedKeys = {
  /** The signed-in user's bookings that have not ended (my bookings; the search counts them). */
  myBookings: ['booking', 'mine'] as const,
  /** Prefix of every space availability the search asked for. */
  availability: ['booking', 'availability'] as const,
  /** The user's buddies with their next booking. */
  buddies: ['buddies'] as const,
  /** The areas people can book in (search, my bookings, preferences). */
  areas: ['areas'] as const,
  /** The time zones the server knows (a person's, an area's, the organisation's default). */
  timezones: ['timezones'] as const,
  /** An area's floor-plan image (under `areas`: changing areas refreshes it). */
  areaMap: (id: string) => ['areas', id, 'map'] as const,
};
