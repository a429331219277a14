/**
 * Limits and enumerations of the API. Zod-free, so the web app can use them without
 * loading the schemas (see `values.ts`).
 */

/** Most items one space bulk save may carry (a whole floor of an editor session). */
export const SPACE_BULK_MAX = 2000;

/** Space shapes on the floor plan, and the sizes of their labels. */
export const SPACE_SHAPES = ['rect', 'circle', 'trapezoid'] as const;
export type SpaceShape = (typeof SPACE_SHAPES)[number];
export const SPACE_FONT_SIZES = ['small', 'normal', 'big', 'bigger'] as const;
export type SpaceFontSize = (typeof SPACE_FONT_SIZES)[number];
/** Largest position and size of a space on its plan, in plan pixels; rotations are 0–359 degrees. */
export const SPACE_MAX_POSITION = 100_000;
export const SPACE_MAX_SIZE = 5000;
export const SPACE_MAX_ROTATION = 359;

/** Comparators of attribute searches. */
export const SEARCH_COMPARATORS = ['eq', 'neq', 'contains', 'ncontains', 'gt', 'gte', 'lt', 'lte'] as const;
export type SearchComparator = (typeof SEARCH_COMPARATORS)[number];
/** Search criteria that are not attributes of the organisation but facts of an area. */
export const AREA_SEARCH_FACTS = ['numSpaces', 'numFreeSpaces', 'buddyOnSite'] as const;

/** Attribute types: 1 number, 2 boolean, 3 text. */
export const ATTRIBUTE_TYPES = [1, 2, 3] as const;
export const AttributeType = { Number: 1, Boolean: 2, Text: 3 } as const;

/** The languages Perch speaks: the web app, and the mails it sends. */
export const LANGUAGES = ['en', 'de', 'et', 'fr', 'he', 'hu', 'it', 'nl', 'pl', 'pt', 'ro', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Languages an organisation may choose (its mails exist in every one). */
export const ORG_LANGUAGES = LANGUAGES;
export type OrgLanguage = Language;
/** Languages of the `mail_language` preference. */
export const MAIL_LANGUAGES = LANGUAGES;

/** Periods of the weekday statistics. */
export const STATS_PERIODS = ['thisWeek', 'lastWeek', 'nextWeek', 'lastMonth'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The presence report (`GET /booking/report/presence/`): its longest span in days and most people. */
export const PRESENCE_REPORT_MAX_DAYS = 31;
export const PRESENCE_REPORT_MAX_USERS = 1000;

/** Check-in statistics per day (`GET /stats/checkin/days`): the longest span in days (a quarter). */
export const STATS_DAYS_MAX = 92;

/** Recurrence cadence: 1 daily, 2 weekly. */
export const Cadence = { Daily: 1, Weekly: 2 } as const;
/** Most occurrences a series may have. */
export const MAX_OCCURRENCES = 365;
/** Largest recurrence cycle (every N days or weeks). */
export const MAX_RECURRENCE_CYCLE = 365;

/** Sort keys of the user list. */
export const USER_SORTS = ['email', 'name', 'role', 'lastActivity'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** Largest page of the user list. */
export const USER_PAGE_MAX = 1000;

/** Most ids one member, approver or allowed-booker list change may carry. */
export const ID_LIST_MAX = 64;

/** Longest texts the API takes (characters). */
export const TEXT_MAX = {
  areaName: 128,
  areaDescription: 512,
  spaceName: 128,
  attributeLabel: 256,
  attributeValue: 256,
  groupName: 256,
  email: 256,
  /** A person's first or last name (the human-name rule: 2–64). */
  personName: 64,
  subject: 256,
  /** Why a booking was cancelled, told to its owner in the cancellation mail. */
  cancelReason: 500,
  /** The administration search term. */
  searchQuery: 64,
} as const;
/** Shortest group name. */
export const GROUP_NAME_MIN = 3;

/** Where a mail of the outbox stands: waiting for (another) attempt, being sent, sent, or given up. */
export const MAIL_STATUSES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The shortest shared secret the team wiki may sign its tokens with, in bytes (UTF-8). */
export const WIKI_SECRET_MIN_BYTES = 32;
