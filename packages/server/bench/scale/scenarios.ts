// The scale benchmark's scenarios: the 15 of Seatsurfing's own performance test with their p95
// budgets, and Perch's own. Each builds one request at a random organisation, area, person and day.
import { DateTime } from 'luxon';
import { fake, nearDay, pick, type Org } from './common.js';
import { ZONE } from './dataset.js';

export /** The reference's p95 budgets (ms). */
const BUDGET: Record<string, number> = {
  'organization.list': 500,
  'organization.getOne': 150,
  'user.list': 400,
  'user.count': 200,
  'user.byEmail': 150,
  'user.me': 150,
  'space.list': 400,
  'space.availability': 1500,
  'search.users': 500,
  'booking.filter': 1500,
  'booking.current': 800,
  'booking.pendingApprovals': 400,
  'stats.summary': 2000,
  'stats.load': 1500,
  'stats.weekday': 1500,
};

export interface Request {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token: string;
  body?: unknown;
}

export interface Scenario {
  name: string;
  /** Builds one request (random actor/area/day). */
  next(rnd: () => number): Request;
  /** Runs after each timed response (e.g. cancel what was booked). */
  after?: (res: Response, body: string) => Promise<void>;
}

export function scenarios(orgs: Org[]): Scenario[] {
  const superAdmin = orgs[0]!.tokens.orgAdmin;
  const org = (rnd: () => number) => pick(rnd, orgs);
  const get = (path: string, token: string): Request => ({ method: 'GET', path, token });
  return [
    { name: 'organization.list', next: () => get('/organization/', superAdmin) },
    {
      name: 'organization.getOne',
      next: (rnd) => {
        const o = org(rnd);
        return get(`/organization/${o.id}`, o.tokens.orgAdmin);
      },
    },
    { name: 'user.list', next: (rnd) => get('/user/', org(rnd).tokens.orgAdmin) },
    { name: 'user.count', next: (rnd) => get('/user/count', org(rnd).tokens.orgAdmin) },
    {
      name: 'user.byEmail',
      next: (rnd) => {
        const o = org(rnd);
        return get(`/user/byEmail/${encodeURIComponent(pick(rnd, o.userEmails))}`, o.tokens.spaceAdmin);
      },
    },
    { name: 'user.me', next: (rnd) => get('/user/me', pick(rnd, org(rnd).tokens.users)) },
    {
      name: 'space.list',
      next: (rnd) => {
        const o = org(rnd);
        return get(`/location/${pick(rnd, o.areas)}/space/`, pick(rnd, o.tokens.users));
      },
    },
    {
      name: 'space.availability',
      next: (rnd) => {
        const o = org(rnd);
        const day = nearDay(rnd);
        const q = `enter=${encodeURIComponent(fake(day.set({ hour: 8 })))}&leave=${encodeURIComponent(fake(day.set({ hour: 17 })))}`;
        return get(`/location/${pick(rnd, o.areas)}/space/availability?${q}`, pick(rnd, o.tokens.users));
      },
    },
    {
      name: 'search.users',
      next: (rnd) => get(`/search/?query=User%20${Math.floor(rnd() * 100)}&includeUsers=1`, org(rnd).tokens.spaceAdmin),
    },
    {
      name: 'booking.filter',
      next: (rnd) => {
        const monday = nearDay(rnd).startOf('week');
        const q = `start=${encodeURIComponent(fake(monday))}&end=${encodeURIComponent(fake(monday.plus({ days: 7 })))}`;
        return get(`/booking/filter/?${q}`, org(rnd).tokens.spaceAdmin);
      },
    },
    { name: 'booking.current', next: (rnd) => get('/booking/current/', org(rnd).tokens.spaceAdmin) },
    { name: 'booking.pendingApprovals', next: (rnd) => get('/booking/pendingapprovals/', org(rnd).tokens.spaceAdmin) },
    { name: 'stats.summary', next: (rnd) => get('/stats/', org(rnd).tokens.spaceAdmin) },
    {
      name: 'stats.load',
      next: (rnd) => {
        const o = org(rnd);
        return get(`/stats/load?location=${pick(rnd, o.areas)}`, o.tokens.spaceAdmin);
      },
    },
    {
      name: 'stats.weekday',
      next: (rnd) => {
        const period = pick(rnd, ['', 'lastMonth', 'thisWeek', 'nextWeek']);
        return get(`/stats/weekday${period ? `?period=${period}` : ''}`, org(rnd).tokens.spaceAdmin);
      },
    },
    // Perch's own scenarios.
    {
      name: 'booking.pendingApprovals, page of 50',
      next: (rnd) => get('/booking/pendingapprovals/?limit=50', org(rnd).tokens.spaceAdmin),
    },
    {
      name: 'booking.filter, page of 100',
      next: (rnd) => {
        const monday = nearDay(rnd).startOf('week');
        const q = `start=${encodeURIComponent(fake(monday))}&end=${encodeURIComponent(fake(monday.plus({ days: 7 })))}`;
        return get(`/booking/filter/?${q}&limit=100`, org(rnd).tokens.spaceAdmin);
      },
    },
    { name: 'booking.mine', next: (rnd) => get('/booking/', pick(rnd, org(rnd).tokens.users)) },
    {
      name: 'booking.pendingApprovals.count',
      next: (rnd) => get('/booking/pendingapprovals/count', org(rnd).tokens.spaceAdmin),
    },
    {
      name: 'location.search',
      next: (rnd) => {
        const o = org(rnd);
        const day = nearDay(rnd);
        return {
          method: 'POST',
          path: '/location/search',
          token: pick(rnd, o.tokens.users),
          body: {
            enter: fake(day.set({ hour: 9 })),
            leave: fake(day.set({ hour: 17 })),
            attributes: [{ attributeId: 'numFreeSpaces', comparator: 'gte', value: '1' }],
          },
        };
      },
    },
    createAndCancel(orgs),
  ];
}

/**
 * Books a random desk 2–13 days ahead at 06:00–06:30 in the areas' zone (the seeded bookings
 * lie between 06:00 and 03:30 UTC, so this is free) as a space admin, and cancels it again
 * after each request (the cancel is measured apart).
 */
function createAndCancel(orgs: Org[]): Scenario {
  let slot = 0;
  const cancels: number[] = [];
  const s: Scenario & { cancels: number[] } = {
    name: 'booking.create',
    cancels,
    next: (rnd) => {
      const o = pick(rnd, orgs);
      const day = DateTime.now()
        .setZone(ZONE)
        .startOf('day')
        .plus({ days: 2 + (slot++ % 12) });
      return {
        method: 'POST',
        path: '/booking/',
        token: o.tokens.spaceAdmin,
        body: {
          spaceId: pick(rnd, o.spaces),
          enter: fake(day.set({ hour: 6 })),
          leave: fake(day.set({ hour: 6, minute: 30 })),
        },
      };
    },
  };
  return s;
}
