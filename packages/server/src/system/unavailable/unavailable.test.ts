import type { ApiError, PerchClient } from '@perch/client';
import { Role } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloor } from '../../test-support/bookings.js';
import { createOrganization } from '../../test-support/organizations.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * Routes of features this version does not have (system/unavailable/): each answers as the
 * reference does when the feature is off or has nothing to show, after the reference's checks
 * (sign-in, body, role), and never with a 2xx for something that did not happen.
 */

let s: TestServer;
let orgAdmin: PerchClient;
let user: PerchClient;
let anonymous: PerchClient;
const ids: Record<string, string> = {};

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Answer {
  status: number;
  body: unknown;
  message: string;
}

/** Any request; the status, body and error message of the answer. */
async function answer(c: PerchClient, method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await c.request(method, path, { body, anonymous: c === anonymous });
    return { status: res.status, body: res.data, message: '' };
  } catch (e) {
    const err = e as ApiError;
    return { status: err.status, body: err.body, message: err.message };
  }
}

const statusOf = async (c: PerchClient, method: string, path: string, body?: unknown) =>
  (await answer(c, method, path, body)).status;

/** A raw request with the given headers (kiosk secrets are no session tokens). */
async function raw(path: string, headers: Record<string, string> = {}): Promise<number> {
  return (await fetch(s.url + path, { headers })).status;
}

beforeAll(async () => {
  s = await startTestServer();
  const roles = [
    ['orgadmin', Role.OrgAdmin],
    ['spaceadmin', Role.SpaceAdmin],
    ['user', Role.User],
    ['colleague', Role.User],
    ['robot', Role.ServiceAccountReadOnly],
  ] as const;
  for (const [name, role] of roles) ids[name] = await s.createUser({ email: `${name}@test.perch.local`, role });
  orgAdmin = await s.signIn('orgadmin@test.perch.local');
  user = await s.signIn('user@test.perch.local');
  anonymous = s.client();
  const globex = await createOrganization(s, {
    name: 'Globex',
    domain: 'globex.example',
    adminEmail: 'hank@globex.example',
  });
  ids.globex = globex.id;
  ids.foreigner = await s.createUser({ email: 'wiki@globex.example', organizationId: globex.id });
  ids.superAdmin = (await s.admin.get<{ id: string }>('/user/me')).id;
});
afterAll(() => s.close());

describe('not planned: kiosk displays, feedback, cloud sign-up', () => {
  it('asks a kiosk for its secret (401), then answers that kiosk mode is off (404)', async () => {
    const floor = await createFloor(s, { desks: 1 });
    const space = floor.spaces[0]!;
    expect(await raw(`/kiosk/${space}/status`)).toBe(401);
    expect(await raw(`/kiosk/${space}/status`, { authorization: 'Basic eDp5' })).toBe(401);
    expect(await raw(`/kiosk/${space}/status`, { authorization: 'Bearer kiosk-secret' })).toBe(404);
    expect(await raw(`/kiosk/${UNKNOWN}/status`, { authorization: 'Bearer kiosk-secret' })).toBe(404);
    expect(await raw(`/kiosk/${'x'.repeat(100)}/status`)).toBe(401);
    const token = user.store.load()!.accessToken;
    expect(await raw(`/kiosk/${space}/status`, { authorization: `Bearer ${token}` })).toBe(404);
  });

  it('takes no feedback and confirms no cloud sign-up (for signed-in callers, as the reference)', async () => {
    expect(await answer(orgAdmin, 'POST', '/feedback/', { text: 'hello' })).toMatchObject({
      status: 404,
      message: 'Feedback is not available in this version',
    });
    expect(await answer(orgAdmin, 'POST', `/cloud-features/signup/confirm/${UNKNOWN}`)).toMatchObject({
      status: 404,
      message: 'Cloud features are not available in this version',
    });
    expect(await statusOf(anonymous, 'POST', '/feedback/', { text: 'hello' })).toBe(401);
    expect(await statusOf(anonymous, 'POST', `/cloud-features/signup/confirm/${UNKNOWN}`)).toBe(401);
  });
});

describe('routing next to the existing user routes', () => {
  it('still resolves the user routes the new static segments sit beside', async () => {
    expect(await statusOf(orgAdmin, 'GET', `/user/${ids.user}`)).toBe(200);
    expect(await statusOf(orgAdmin, 'GET', '/user/me')).toBe(200);
    expect(await statusOf(orgAdmin, 'GET', '/user/merge')).toBe(200);
    expect(await statusOf(orgAdmin, 'GET', `/user/${ids.user}/group`)).toBe(200);
    expect(await statusOf(orgAdmin, 'PUT', `/user/${ids.robot}/password`, { password: 'Other!pass2' })).toBe(204);
    // Names of the new routes' static segments are no user ids.
    expect(await statusOf(orgAdmin, 'GET', '/user/totp')).toBe(404);
    expect(await statusOf(orgAdmin, 'GET', '/user/passkey')).toBe(404);
    expect(await statusOf(user, 'GET', '/auth/logout/nonsense')).toBe(400);
  });
});
