import { z } from 'zod';
import { TEXT_MAX, USER_PAGE_MAX, USER_SORTS } from '../limits.js';
import { isEmail } from '../validation.js';
import { organizationSchema } from './organization.js';

export const roleSchema = z.union([
  z.literal(0),
  z.literal(10),
  z.literal(20),
  z.literal(21),
  z.literal(22),
  z.literal(90),
]);

/** The user object as admins see it. */
export const userSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organization: organizationSchema,
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  atlassianId: z.string(),
  role: z.number().int(),
  authProviderId: z.string(),
  requirePassword: z.boolean(),
  passwordPending: z.boolean(),
  spaceAdmin: z.boolean(),
  admin: z.boolean(),
  superAdmin: z.boolean(),
  totpEnabled: z.boolean(),
  hasPasskeys: z.boolean(),
  lastActivity: z.string().nullable(),
  password: z.string(),
  sendInvitation: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * `GET /user/me`: the user plus its organisation and whether the request came in on the primary domain.
 * `authProviderId` stays empty here, as in the reference; Perch adds `signInProviderId`, the sign-in
 * provider the account is bound to ('' for none), so its owner sees how they sign in.
 */
export const userMeSchema = userSchema.extend({ isPrimaryDomain: z.boolean(), signInProviderId: z.string() });
export type UserMe = z.infer<typeof userMeSchema>;

export const userListSchema = z.array(userSchema);

export const userSaveBody = z.object({
  email: z.string().trim().min(1).max(TEXT_MAX.email),
  // Optional (Seatsurfing clients create users without them); checked as names when given.
  firstname: z.string().trim().max(128).optional(),
  lastname: z.string().trim().max(128).optional(),
  role: roleSchema.default(0),
  password: z.string().max(64).optional(),
  sendInvitation: z.boolean().optional(),
  authProviderId: z.string().max(64).optional(),
  organizationId: z.string().max(64).optional(),
});
export type UserSave = z.infer<typeof userSaveBody>;

export const passwordBody = z.object({ password: z.string().max(64) });

/** `GET /user/`: an optional search term, one page and its order. */
export const userListQuery = z.object({
  q: z.string().max(256).optional(),
  limit: z.coerce.number().int().min(1).max(USER_PAGE_MAX).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sort: z.enum(USER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const userEmailParams = z.object({ email: z.string().max(256) });

/** A compact view of another user (buddy search, global search). */
export const userStubSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
export type UserStub = z.infer<typeof userStubSchema>;

/** An incoming request to merge another account (the source) into the signed-in one. */
export const mergeRequestSchema = z.object({
  id: z.string(),
  /** The account that asked to be merged. */
  userId: z.string(),
  email: z.string(),
  /** Perch addition: the wiki identity of the asking account, which moves only when accepting says so. */
  wikiIdentity: z.string(),
  /** Perch addition: what moves when the request is accepted. */
  moves: z.object({
    /** Bookings that have not ended yet. */
    bookings: z.number().int(),
    series: z.number().int(),
    buddies: z.number().int(),
    groups: z.number().int(),
  }),
  /** Perch addition: until when the request can be accepted. */
  expiresAt: z.string(),
});
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

/**
 * `POST /user/merge/finish/:id` (Perch addition): the accepting account confirms who it is with its
 * password (an account without one: a sign-in within the last ten minutes), and says whether the
 * wiki identity of the asking account moves to it (later wiki sign-ins as that identity then open
 * this account).
 */
export const mergeFinishBody = z
  .object({
    password: z.string().max(64).optional(),
    moveWikiIdentity: z.boolean().optional(),
  })
  // Seatsurfing's clients send no body.
  .nullish();
export type MergeFinish = z.infer<typeof mergeFinishBody>;

/** `POST /user/merge/init`: the account (same organisation) to merge the signed-in one into. */
export const mergeInitBody = z.object({
  email: z.string().trim().max(254).refine(isEmail, 'email must be a valid address'),
});
