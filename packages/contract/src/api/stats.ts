import { searchQuery, searchResultSchema } from '../entities/search.js';
import {
  statsCheckInQuery,
  statsCheckInSchema,
  statsLoadQuery,
  statsLoadSchema,
  statsSchema,
  statsWeekdayQuery,
  statsWeekdaySchema,
} from '../entities/stats.js';
import { endpoints } from '../endpoint.js';
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
});

export const searchApi = endpoints('search', routes.search, {
  find: {
    summary: 'Search users, areas, spaces and groups by name (space admins)',
    query: searchQuery,
    response: searchResultSchema,
  },
});
