import { z } from 'zod';
import { countSchema, idParams } from '../common.js';
import { sessionSchema } from '../entities/auth.js';
import { groupSchema } from '../entities/group.js';
import {
  mergeFinishBody,
  mergeInitBody,
  mergeRequestSchema,
  passwordBody,
  userEmailParams,
  userListQuery,
  userListSchema,
  userMeSchema,
  userSaveBody,
  userSchema,
} from '../entities/user.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode } from '../error-codes.js';
import { routes } from '../routes.js';

export const userApi = endpoints('users', routes.user, {
  me: { summary: 'The signed-in user with their organisation', response: userMeSchema },
  sessions: { summary: "The signed-in user's sessions", response: z.array(sessionSchema) },
  count: { summary: 'Number of users of the organisation (org admins)', response: countSchema },
  list: {
    summary: 'Users of the organisation, searched, sorted and paged (space admins)',
    query: userListQuery,
    response: userListSchema,
    headers: { 'X-Total-Count': 'Number of matching users over all pages' },
  },
  create: {
    summary: 'Create a user (org admins)',
    body: userSaveBody,
    errors: { 409: [ErrorCode.UserAlreadyExists] },
  },
  groups: { summary: "A user's groups (org admins)", params: idParams, response: z.array(groupSchema) },
  byEmail: {
    summary: 'Look a colleague up by email (space admins, or everyone when names are shown)',
    params: userEmailParams,
    response: userSchema,
  },
  mergeRequests: {
    summary: 'Requests of other accounts to be merged into the signed-in one, pending for up to an hour',
    response: z.array(mergeRequestSchema),
  },
  get: { summary: 'One user (org admins)', params: idParams, response: userSchema },
  update: {
    summary: 'Change a user (org admins)',
    params: idParams,
    body: userSaveBody,
    errors: { 409: [ErrorCode.UserAlreadyExists] },
  },
  delete: { summary: 'Delete a user and everything that hangs on them (org admins)', params: idParams },
  setPassword: {
    summary: 'Set a password: your own (`me`), or as an org admin a user’s',
    params: idParams,
    body: passwordBody,
  },
  sendInvitation: {
    summary: 'Mail an invitation to choose a password (again) to a user who has none yet (org admins)',
    description:
      'For a user who signs in with a password but has not chosen one yet (invited, or created without ' +
      'one). Earlier invitation links stop working. 400 for service accounts and users with a password.',
    params: idParams,
  },
  mergeInit: {
    summary: 'Ask to merge the signed-in account (one the team wiki made) into another account of the organisation',
    description:
      'The other account accepts within an hour (`GET /user/merge`, `POST /user/merge/finish/{id}`). 403 when the ' +
      'signed-in account was not made by the wiki integration; 404 for an unknown, disabled or service account ' +
      'or the signed-in account itself. A new request replaces an earlier one of the same pair.',
    body: mergeInitBody,
  },
  mergeDecline: {
    summary: 'Decline a merge request addressed to the signed-in account (or withdraw one it made)',
    description: 'Perch addition. 404 for an unknown, expired or someone else’s request.',
    params: idParams,
  },
  mergeFinish: {
    summary: 'Accept a merge request: the other account’s bookings, buddies and groups move to the signed-in one',
    description:
      'The signed-in account confirms with its `password` (403 when wrong, 429 when throttled); an account without ' +
      'a password must have signed in within the last ten minutes (else 403). Its wiki identity comes along only ' +
      'with `moveWikiIdentity: true` (later wiki sign-ins then land here). The higher of the two roles is kept and ' +
      'the other account is removed. 404 for an unknown, expired, used or someone else’s request.',
    params: idParams,
    body: mergeFinishBody,
    errors: { 403: [], 404: [], 429: [] },
  },
});
