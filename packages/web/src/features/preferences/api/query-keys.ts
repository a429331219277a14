/** TanStack Query keys of the preferences page. */
export const preferenceKeys = {
  sessions: ['user', 'sessions'] as const,
  /** The CalDAV connection and how its sync went. */
  caldav: ['preference', 'caldav'] as const,
  /** The personal calendar feed's address. */
  calendarFeed: ['preference', 'calendar-feed'] as const,
  /** The sign-in providers of the organisation, which an account may link itself to. */
  providers: (organizationId: string) => ['auth-provider', 'org', organizationId] as const,
};
