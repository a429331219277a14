import { z } from 'zod';
import {
  caldavCalendarSchema,
  caldavConnectionBody,
  preferenceListSchema,
  preferenceNameParams,
  preferenceSaveAllBody,
  preferenceValueBody,
} from '../entities/preference.js';
import { settingListSchema, settingNameParams, settingValueBody } from '../entities/setting.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

export const settingApi = endpoints('settings', routes.setting, {
  list: { summary: 'The organisation settings the caller may read', response: settingListSchema },
  saveAll: {
    summary: 'Change several settings at once, all or nothing (org admins)',
    body: settingListSchema,
  },
  timezones: { summary: 'The time zones areas and settings accept', response: z.array(z.string()) },
  get: { summary: 'One setting, as a JSON string', params: settingNameParams, response: z.string() },
  set: { summary: 'Change one setting (org admins)', params: settingNameParams, body: settingValueBody },
});

export const preferenceApi = endpoints('preferences', routes.preference, {
  list: { summary: "The signed-in user's preferences", response: preferenceListSchema },
  saveAll: { summary: 'Change several preferences at once, all or nothing', body: preferenceSaveAllBody },
  get: { summary: 'One preference, as a JSON string', params: preferenceNameParams, response: z.string() },
  set: { summary: 'Change one preference', params: preferenceNameParams, body: preferenceValueBody },
  caldavCalendars: {
    summary: 'The calendars of a CalDAV account, to pick one for bookings',
    description:
      'Signs in with HTTP Basic, finds the current-user principal, its calendar home and the calendars in it. ' +
      'Any failure (unreachable, refused credentials, no calendars) is 404, as the reference answers.',
    body: caldavConnectionBody,
    response: z.array(caldavCalendarSchema),
  },
});
