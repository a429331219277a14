import type { Credentials, LoginRequest, Preflight, UserMe } from '@perch/contract';
import { routes } from '@perch/contract/values';
import type { PerchClient } from './client.js';

/** Sign-in calls shared by the web app, the tests and scripts. */
export async function preflight(client: PerchClient, email: string): Promise<Preflight> {
  return client.call(routes.auth.preflight, { body: { email } });
}

export async function singleOrg(client: PerchClient): Promise<Preflight> {
  return client.call(routes.auth.singleOrg);
}

export async function login(client: PerchClient, req: LoginRequest): Promise<Credentials> {
  const credentials = await client.call(routes.auth.login, { body: req });
  client.acceptCredentials(credentials);
  return credentials;
}

export async function updatePasswordAndLogin(
  client: PerchClient,
  req: LoginRequest & { newPassword: string },
): Promise<Credentials> {
  const credentials = await client.call(routes.auth.updatePassword, { body: req });
  client.acceptCredentials(credentials);
  return credentials;
}

/** Ends the session on the server (best effort) and forgets the credentials. */
export async function logout(client: PerchClient, where: 'current' | 'all' | string = 'current'): Promise<void> {
  try {
    await client.call(routes.auth.logout, { params: { where } });
  } finally {
    if (where === 'current' || where === 'all') client.clearCredentials();
  }
}

export async function me(client: PerchClient): Promise<UserMe> {
  return client.call(routes.user.me);
}
