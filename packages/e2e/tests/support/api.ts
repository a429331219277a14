import { login, PerchClient, singleOrg, updatePasswordAndLogin, type CallInput } from '@perch/client';
import type { Setting } from '@perch/contract';
import { Role, routes } from '@perch/contract/values';
import { baseURL } from '../../playwright.config';
import { ADMIN } from './sign-in';

/** An API client signed in with a password in the single organisation. */
export async function signedInClient(email: string, password: string): Promise<PerchClient> {
  const client = new PerchClient({ baseUrl: baseURL });
  const { organization } = await singleOrg(client);
  await login(client, { email, password, organizationId: organization.id });
  return client;
}

/** An API client signed in as the initial super admin. */
export function adminClient(): Promise<PerchClient> {
  return signedInClient(ADMIN.email, ADMIN.password);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/**
 * Creates a user (a plain user unless `role` says otherwise). A password set by an admin must be
 * replaced at the first sign-in, so the user's own password is set right away through `/auth/updatepw`.
 */
export async function createUser(
  admin: PerchClient,
  name: { firstname: string; lastname: string },
  email: string,
  role: Role = Role.User,
): Promise<TestUser> {
  const initial = 'Initial!pass1';
  const password = 'Chosen!pass2';
  const { id } = await admin.call(routes.user.create, { body: { ...name, email, role, password: initial } });
  const own = new PerchClient({ baseUrl: baseURL });
  const { organization } = await singleOrg(own);
  await updatePasswordAndLogin(own, {
    email,
    password: initial,
    newPassword: password,
    organizationId: organization.id,
  });
  return { id, email, password };
}

type AreaBody = CallInput<typeof routes.location.create>['body'];
type SpaceBody = NonNullable<CallInput<typeof routes.space.bulk>['body']['creates']>[number];

/** Creates an area and places spaces on it in one bulk save; answers the area's and the spaces' ids. */
export async function createAreaWithSpaces(
  admin: PerchClient,
  area: AreaBody,
  spaces: readonly SpaceBody[],
): Promise<{ id: string; spaceIds: string[] }> {
  const { id } = await admin.call(routes.location.create, { body: { enabled: true, ...area } });
  const result = await admin.call(routes.space.bulk, {
    params: { locationId: id },
    body: { creates: [...spaces], updates: [], deleteIds: [] },
  });
  return { id, spaceIds: result.creates.map((c) => c.id) };
}

/** Books a space as the signed-in user of `client`; answers the booking's id. */
export async function book(client: PerchClient, booking: CallInput<typeof routes.booking.create>['body']) {
  return (await client.call(routes.booking.create, { body: booking })).id;
}

/** The organisation's value of one setting ('' when it has none). */
export async function settingValue(admin: PerchClient, name: string): Promise<string> {
  const list = await admin.call(routes.setting.list);
  return list.find((s) => s.name === name)?.value ?? '';
}

/** Changes organisation settings, all or nothing. */
export async function saveSettings(admin: PerchClient, settings: Setting[]): Promise<void> {
  await admin.call(routes.setting.saveAll, { body: settings });
}

/** A name no earlier test run in this database has used. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}
