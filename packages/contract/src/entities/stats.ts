import { z } from 'zod';
import { STATS_PERIODS } from '../limits.js';

export const statsSchema = z.object({
  numUsers: z.number().int(),
  numBookings: z.number().int(),
  numLocations: z.number().int(),
  numSpaces: z.number().int(),
  numBookingsCurrent: z.number().int(),
  numBookingsToday: z.number().int(),
  numBookingsYesterday: z.number().int(),
  numBookingsThisWeek: z.number().int(),
  numBookingsLastWeek: z.number().int(),
  bookingsByWeekday: z.array(z.number().int()).length(7),
  spaceLoadToday: z.number().int(),
  spaceLoadYesterday: z.number().int(),
  spaceLoadThisWeek: z.number().int(),
  spaceLoadLastWeek: z.number().int(),
  spaceLoadNextWeek: z.number().int(),
  spaceLoadLastMonth: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;

export const statsLoadSchema = z.object({
  spaceLoadToday: z.number().int(),
  spaceLoadYesterday: z.number().int(),
  spaceLoadThisWeek: z.number().int(),
  spaceLoadLastWeek: z.number().int(),
  spaceLoadNextWeek: z.number().int(),
  spaceLoadLastMonth: z.number().int(),
});
export const statsLoadQuery = z.object({ location: z.string().max(64).optional() });
export const statsWeekdayQuery = z.object({
  location: z.string().max(64).optional(),
  period: z.enum(STATS_PERIODS).optional(),
});
export const statsWeekdaySchema = z.object({ bookingsByWeekday: z.array(z.number().int()).length(7) });

/** Perch addition: the check-in figures of a period (this week unless named). */
export const statsCheckInQuery = z.object({ period: z.enum(STATS_PERIODS).optional() });
/**
 * Per area, bookings starting in the period (in the area's zone): how many were checked in, how
 * many released because nobody checked in, and how many of those released had their space
 * booked again for the freed time.
 */
export const statsCheckInSchema = z.object({
  areas: z.array(
    z.object({
      locationId: z.string(),
      bookings: z.number().int(),
      checkedIn: z.number().int(),
      released: z.number().int(),
      rebooked: z.number().int(),
    }),
  ),
});
export type StatsCheckIn = z.infer<typeof statsCheckInSchema>;

/**
 * Perch addition: the days of the check-in statistics per day, both included (`YYYY-MM-DD`, at
 * most 92 days apart), and optionally one area. The dates name calendar days that every area
 * reads in its own time zone.
 */
export const statsCheckInDaysQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  locationId: z.string().max(64).optional(),
});
/**
 * One row per day and area (every day of the range, every area asked for, by date and area
 * name): the bookings starting that day in the area's zone, how many were checked in, how many
 * were released because nobody checked in (`noShows`), how many were released for any reason
 * (no-shows and people who said they would not come), and how many of the released had their
 * space booked again for part of the freed time.
 */
export const statsCheckInDaysSchema = z.object({
  days: z.array(
    z.object({
      date: z.iso.date(),
      locationId: z.string(),
      bookings: z.number().int(),
      checkedIn: z.number().int(),
      noShows: z.number().int(),
      released: z.number().int(),
      rebooked: z.number().int(),
    }),
  ),
});
export type StatsCheckInDays = z.infer<typeof statsCheckInDaysSchema>;
export type StatsCheckInDay = StatsCheckInDays['days'][number];
