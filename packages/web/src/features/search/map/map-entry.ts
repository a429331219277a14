import type { SpaceAvailability } from '@perch/contract';
import type { SpaceStatus } from '../../../shared/space-status/space-status';

/** A space as the map, the list and the details panel show it: its status and what to say about it. */
export interface MapEntry {
  space: SpaceAvailability;
  status: SpaceStatus;
  /** Accessible name: "Desk 4 — Available". */
  label: string;
  /** The status as words ("Available, needs approval"), for the tooltip. */
  statusText?: string;
  /** What the tooltip says about the bookings ("Anna Tester until 17:00"). */
  details?: readonly string[];
  /** Someone booked here in the window has checked in (the map marks it). */
  checkedIn?: boolean;
  /** The bookers' names, when the API shares them. */
  bookers?: readonly string[];
}
