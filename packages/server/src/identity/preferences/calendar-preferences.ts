/**
 * The preferences that make up a calendar (CalDAV) connection. They are set only by connecting,
 * which checks them against the calendar server first (messaging/caldav/service.ts).
 */
export const CALDAV_PREFERENCES = ['caldav_url', 'caldav_user', 'caldav_pass', 'caldav_path'] as const;
