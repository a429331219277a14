/** TanStack Query keys of the preferences page. */
export const preferenceKeys = {
  sessions: ['user', 'sessions'] as const,
  timezones: ['timezones'] as const,
};
