import type { Credentials, LoginRequest, Preflight, UserMe } from '@perch/contract';
import type { PerchClient } from './client.js';

/** Sign-in calls shared by the web app, the tests and scripts. */
export async function preflight(client: PerchClient, email: string): Promise<Preflight> {
  return (await client.request<Preflight>('POST', '/auth/preflight', { body: { email }, anonymous: true })).data;
}

export async function singleOrg(client: PerchClient): Promise<Preflight> {
  return (await client.request<Preflight>('GET', '/auth/singleorg', { anonymous: true })).data;
}

export async function login(client: PerchClient, req: LoginRequest): Promise<Credentials> {
  const res = await client.request<Credentials>('POST', '/auth/login', { body: req, anonymous: true });
  client.acceptCredentials(res.data);
  return res.data;
}

export async function updatePasswordAndLogin(
  client: PerchClient,
  req: LoginRequest & { newPassword: string },
): Promise<Credentials> {
  const res = await client.request<Credentials>('POST', '/auth/updatepw', { body: req, anonymous: true });
  client.acceptCredentials(res.data);
  return res.data;
}

/** Ends the session on the server (best effort) and forgets the credentials. */
export async function logout(client: PerchClient, where: 'current' | 'all' | string = 'current'): Promise<void> {
  try {
    await client.request('GET', `/auth/logout/${encodeURIComponent(where)}`);
  } finally {
    if (where === 'current' || where === 'all') client.clearCredentials();
  }
}

export async function me(client: PerchClient): Promise<UserMe> {
  return client.get<UserMe>('/user/me');
}
