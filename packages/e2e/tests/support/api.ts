import { login, PerchClient, singleOrg, updatePasswordAndLogin } from '@perch/client';
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
  role = 0,
): Promise<TestUser> {
  const initial = 'Initial!pass1';
  const password = 'Chosen!pass2';
  const id = await admin.save('/user/', { ...name, email, role, password: initial });
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

/** A name no earlier test run in this database has used. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}
