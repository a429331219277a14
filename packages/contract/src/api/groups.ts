import { z } from 'zod';
import { idParams } from '../common.js';
import { groupSaveBody, groupSchema, idListBody } from '../entities/group.js';
import { userListSchema } from '../entities/user.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode } from '../error-codes.js';
import { routes } from '../routes.js';

export const groupApi = endpoints('groups', routes.group, {
  list: { summary: 'Groups of the organisation with their sizes (space admins)', response: z.array(groupSchema) },
  create: {
    summary: 'Create a group (org admins)',
    body: groupSaveBody,
    errors: { 409: [ErrorCode.GroupNameAlreadyExists] },
  },
  get: { summary: 'One group (space admins)', params: idParams, response: groupSchema },
  update: {
    summary: 'Rename a group (org admins)',
    params: idParams,
    body: groupSaveBody,
    errors: { 409: [ErrorCode.GroupNameAlreadyExists] },
  },
  delete: { summary: 'Delete a group (org admins)', params: idParams },
  members: { summary: 'Members of a group (org admins)', params: idParams, response: userListSchema },
  addMembers: { summary: 'Add users to a group; adding a member twice is fine', params: idParams, body: idListBody },
  removeMembers: { summary: 'Remove users from a group', params: idParams, body: idListBody },
});
