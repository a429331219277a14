import type { StatsPeriod } from '@perch/contract';

/**
 * TanStack Query keys of the administration screens; one place, so saves invalidate the right
 * lists. Everything starts with `admin`; users, statistics and settings have their own prefix.
 */
export const adminKeys = {
  areas: ['admin', 'areas'] as const,
  area: (id: string) => ['admin', 'areas', id] as const,
  areaAttributes: (id: string) => ['admin', 'areas', id, 'attributes'] as const,
  spaces: (areaId: string) => ['admin', 'areas', areaId, 'spaces'] as const,
  attributes: ['admin', 'attributes'] as const,
  groups: ['admin', 'groups'] as const,
  group: (id: string) => ['admin', 'groups', id] as const,
  groupMembers: (id: string) => ['admin', 'groups', id, 'members'] as const,
  /** Every user query below (pages, count, single users, pickers' searches). */
  users: ['admin', 'users'] as const,
  userSearch: (q: string) => ['admin', 'users', 'search', q] as const,
  usersPage: (q: string, offset: number) => ['admin', 'users', 'page', q, offset] as const,
  userCount: ['admin', 'users', 'count'] as const,
  user: (id: string) => ['admin', 'users', 'item', id] as const,
  groupsOfUser: (id: string) => ['admin', 'users', 'item', id, 'groups'] as const,
  /** Whether a service account has an API token, and when it was made and last used. */
  apiToken: (id: string) => ['admin', 'users', 'item', id, 'apiToken'] as const,
  settings: ['admin', 'settings'] as const,
  /** Every statistics query below; settings (hidden, target hours) change them. */
  stats: ['admin', 'stats'] as const,
  statsSummary: ['admin', 'stats', 'summary'] as const,
  statsLoad: (areaId: string) => ['admin', 'stats', 'load', areaId] as const,
  /** `all`: the weekday statistics over all time (no period). */
  statsWeekday: (period: StatsPeriod | 'all', areaId: string) => ['admin', 'stats', 'weekday', period, areaId] as const,
  statsCheckIn: (period: StatsPeriod) => ['admin', 'stats', 'checkin', period] as const,
  /** Check-in figures per day and area of a range of days and an area ('' = all). */
  statsCheckInDays: (from: string, to: string, areaId: string) =>
    ['admin', 'stats', 'checkin', 'days', from, to, areaId] as const,
  /** The presence report of a range of days (`start`/`end` as sent) and an area ('' = all). */
  statsPresence: (start: string, end: string, areaId: string) =>
    ['admin', 'stats', 'presence', start, end, areaId] as const,
  search: (q: string, people: boolean) => ['admin', 'search', q, people] as const,
  /** Every organisation query below (the list, single organisations, their domains). */
  organizations: ['admin', 'organizations'] as const,
  organizationList: ['admin', 'organizations', 'list'] as const,
  organization: (id: string) => ['admin', 'organizations', 'item', id] as const,
  domains: (orgId: string) => ['admin', 'organizations', 'item', orgId, 'domains'] as const,
  /** A page of the sign-in log: its window, filters and offset. */
  authAttemptsPage: (query: { start: string; end: string; user?: string; success?: string }, offset: number) =>
    ['admin', 'authAttempts', query.start, query.end, query.user ?? '', query.success ?? '', offset] as const,
  /** Every query of the mail outbox below (pages, delivery state). */
  mail: ['admin', 'mail'] as const,
  /** A page of the outbox: its status filter ('' = all) and offset. */
  mailPage: (status: string, offset: number) => ['admin', 'mail', 'page', status, offset] as const,
  /** Whether the server delivers mail, and how many wait. */
  mailDelivery: ['admin', 'mail', 'delivery'] as const,
  /** Every sign-in provider query below (the list, single providers, test results). */
  authProviders: ['admin', 'authProviders'] as const,
  authProvider: (id: string) => ['admin', 'authProviders', 'item', id] as const,
  authProviderTest: (id: string, stateId: string) => ['admin', 'authProviders', 'item', id, 'test', stateId] as const,
};
