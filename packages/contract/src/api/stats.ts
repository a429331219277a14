import { searchQuery, searchResultSchema } from '../entities/search.js';
import {
  statsCheckInDaysQuery,
  statsCheckInDaysSchema,
  statsCheckInQuery,
  statsCheckInSchema,
  statsLoadQuery,
  statsLoadSchema,
  statsSchema,
  statsWeekdayQuery,
  statsWeekdaySchema,
} from '../entities/stats.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode as E } from '../error-codes.js';
import { routes } from '../routes.js';

export const statsApi = endpoints('statistics', routes.stats, {
  summary: { summary: 'Counts and space load of the organisation (space admins)', response: statsSchema },
  load: {
    summary: 'Space load in per cent, for the organisation or one area',
    query: statsLoadQuery,
    response: statsLoadSchema,
  },
  weekday: {
    summary: 'Bookings per weekday, for the organisation or one area, in a period',
    query: statsWeekdayQuery,
    response: statsWeekdaySchema,
  },
  checkIn: {
    summary: 'Check-ins, no-shows released, and released spaces booked again, per area, in a period',
    description: 'Perch addition. The period is this week unless `period` names another.',
    query: statsCheckInQuery,
    response: statsCheckInSchema,
  },
  checkInDays: {
    summary: 'Check-ins, no-shows, releases and released spaces booked again, per day and area',
    description:
      'Perch addition. Every day from `from` to `to` (both included, at most 92 days; 400 with 2002 beyond) for every area of the organisation, or for the area `locationId`; each area reads the dates in its own time zone. Bookings count on the day they start.',
    query: statsCheckInDaysQuery,
    response: statsCheckInDaysSchema,
    errors: { 400: [E.StatsDateRangeTooLong] },
  },
  checkInDaysCsv: {
    summary: 'The same figures per day and area as CSV',
    description:
      'Perch addition. Columns `date`, `area_id`, `area`, `bookings`, `checked_in`, `no_shows`, `released`, `rebooked`, `check_in_rate` (per cent of the bookings checked in or released that were checked in, one decimal; empty without either).',
    query: statsCheckInDaysQuery,
    errors: { 400: [E.StatsDateRangeTooLong] },
    headers: { 'Content-Disposition': 'attachment, with a file name that names the days' },
  },
});

export const searchApi = endpoints('search', routes.search, {
  find: {
    summary: 'Search users, areas, spaces and groups by name (space admins)',
    query: searchQuery,
    response: searchResultSchema,
  },
});
