import { me, type PerchClient } from '@perch/client';
import type { Preference, Setting, UserMe } from '@perch/contract';
import { isSpaceAdmin, routes } from '@perch/contract/values';

/** Name → value, as the settings and preferences endpoints list them. */
export type ValueMap = Readonly<Record<string, string>>;

/** Everything the signed-in app needs to know before it shows anything. */
export interface SignedInSession {
  user: UserMe;
  settings: ValueMap;
  preferences: ValueMap;
}

function toValueMap(list: readonly (Setting | Preference)[]): ValueMap {
  return Object.fromEntries(list.map((item) => [item.name, item.value]));
}

/** Loads the current user, the organisation settings and the user's preferences. */
export async function fetchSignedInSession(client: PerchClient): Promise<SignedInSession> {
  const [user, settings, preferences] = await Promise.all([
    me(client),
    client.call(routes.setting.list),
    client.call(routes.preference.list),
  ]);
  return { user, settings: toValueMap(settings), preferences: toValueMap(preferences) };
}

export const isOn = (values: ValueMap, name: string): boolean => values[name] === '1';

/** Buddies need names to be visible and must not be switched off. */
export const buddiesEnabled = (settings: ValueMap): boolean =>
  isOn(settings, 'show_names') && !isOn(settings, 'disable_buddies');

export const canAdminister = (user: UserMe): boolean => isSpaceAdmin(user.role);

export function displayName(user: UserMe): string {
  const full = `${user.firstname} ${user.lastname}`.trim();
  return full || user.email;
}
