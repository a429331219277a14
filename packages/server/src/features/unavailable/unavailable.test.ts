import type { ApiError, PerchClient } from '@perch/client';
import { Role } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createFloor, wall } from '../../test-support/bookings.js';
import { createOrganization } from '../../test-support/organizations.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * Routes of features this version does not have (features/unavailable/): each answers as the
 * reference does when the feature is off or has nothing to show, after the reference's checks
 * (sign-in, body, role), and never with a 2xx for something that did not happen.
 */

let s: TestServer;
let orgAdmin: PerchClient;
let spaceAdmin: PerchClient;
let user: PerchClient;
let colleague: PerchClient;
let foreignAdmin: PerchClient;
let anonymous: PerchClient;
const ids: Record<string, string> = {};

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ZONE = 'Europe/Berlin';

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

const providerBody = {
  name: 'Keycloak',
  providerType: 1,
  authUrl: 'https://idp.example/auth',
  tokenUrl: 'https://idp.example/token',
  authStyle: 0,
  scopes: 'openid,email',
  userInfoUrl: 'https://idp.example/userinfo',
  userInfoEmailField: 'email',
  clientId: 'perch',
  clientSecret: 'secret',
};
const credential = { id: 'abc', type: 'public-key', response: { clientDataJSON: 'x' } };

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
  spaceAdmin = await s.signIn('spaceadmin@test.perch.local');
  user = await s.signIn('user@test.perch.local');
  colleague = await s.signIn('colleague@test.perch.local');
  anonymous = s.client();
  const globex = await createOrganization(s, {
    name: 'Globex',
    domain: 'globex.example',
    adminEmail: 'hank@globex.example',
  });
  foreignAdmin = globex.admin!;
  ids.globex = globex.id;
  ids.foreigner = await s.createUser({ email: 'wiki@globex.example', organizationId: globex.id });
  ids.superAdmin = (await s.admin.get<{ id: string }>('/user/me')).id;
});
afterAll(() => s.close());

describe('sign-in providers: there are none', () => {
  it('lists none to org admins and refuses other roles and anonymous callers', async () => {
    expect(await answer(orgAdmin, 'GET', '/auth-provider/')).toMatchObject({ status: 200, body: [] });
    expect(await answer(s.admin, 'GET', '/auth-provider/')).toMatchObject({ status: 200, body: [] });
    expect(await statusOf(spaceAdmin, 'GET', '/auth-provider/')).toBe(403);
    expect(await statusOf(user, 'GET', '/auth-provider/')).toBe(403);
    expect(await statusOf(anonymous, 'GET', '/auth-provider/')).toBe(401);
  });

  it('refuses to add one: body first (400), then role (403), then 402 as with the feature off', async () => {
    const noSecret = { ...providerBody, clientSecret: '' };
    expect(await statusOf(user, 'POST', '/auth-provider/', noSecret)).toBe(400);
    expect(await statusOf(orgAdmin, 'POST', '/auth-provider/', { ...providerBody, authUrl: 'not a url' })).toBe(400);
    expect(await statusOf(user, 'POST', '/auth-provider/', providerBody)).toBe(403);
    expect(await statusOf(spaceAdmin, 'POST', '/auth-provider/', providerBody)).toBe(403);
    const refused = await answer(orgAdmin, 'POST', '/auth-provider/', providerBody);
    expect(refused).toMatchObject({ status: 402, message: 'Sign-in providers are not available in this version' });
    expect(await answer(orgAdmin, 'GET', '/auth-provider/')).toMatchObject({ status: 200, body: [] });
  });

  it('knows no provider by id (404), after checking an update body', async () => {
    for (const c of [orgAdmin, user]) {
      expect(await statusOf(c, 'GET', `/auth-provider/${UNKNOWN}`)).toBe(404);
      expect(await statusOf(c, 'PUT', `/auth-provider/${UNKNOWN}`, providerBody)).toBe(404);
      expect(await statusOf(c, 'DELETE', `/auth-provider/${UNKNOWN}`)).toBe(404);
    }
    expect(await statusOf(orgAdmin, 'PUT', `/auth-provider/${UNKNOWN}`, { name: 'x' })).toBe(400);
    expect(await statusOf(anonymous, 'GET', `/auth-provider/${UNKNOWN}`)).toBe(401);
  });

  it("shows the sign-in page an existing organisation's (empty) list, publicly", async () => {
    expect(await answer(anonymous, 'GET', `/auth-provider/org/${s.orgId}`)).toMatchObject({ status: 200, body: [] });
    expect(await answer(anonymous, 'GET', `/auth-provider/org/${ids.globex}`)).toMatchObject({ status: 200, body: [] });
    expect(await statusOf(anonymous, 'GET', `/auth-provider/org/${UNKNOWN}`)).toBe(404);
    expect(await statusOf(anonymous, 'GET', '/auth-provider/org/not-an-id')).toBe(404);
  });

  it('has no provider to sign in with and no sign-in ticket to redeem', async () => {
    const login = await answer(anonymous, 'GET', `/auth/${UNKNOWN}/login/ui/?redir=/ui/search`);
    expect(login).toMatchObject({ status: 404, message: 'Sign-in providers are not available in this version' });
    expect(await statusOf(anonymous, 'GET', `/auth/${UNKNOWN}/login/web/`)).toBe(404);
    expect(await statusOf(anonymous, 'GET', `/auth/${UNKNOWN}/login/desktop/`)).toBe(400);
    expect(await statusOf(anonymous, 'GET', `/auth/verify/${UNKNOWN}`)).toBe(404);
    expect(await statusOf(user, 'GET', `/auth/verify/${UNKNOWN}`)).toBe(404);
  });
});

describe('TOTP: nobody has it on', () => {
  it('starts no setup and knows no setup state', async () => {
    expect(await answer(user, 'GET', '/user/totp/generate')).toMatchObject({
      status: 404,
      message: 'Two-factor codes (TOTP) are not available in this version',
    });
    expect(await statusOf(user, 'GET', `/user/totp/${UNKNOWN}/secret`)).toBe(404);
    expect(await statusOf(user, 'POST', '/user/totp/validate', { stateId: UNKNOWN, code: '123456' })).toBe(404);
    expect(await statusOf(user, 'POST', '/user/totp/validate', { stateId: UNKNOWN, code: '12345' })).toBe(400);
    expect(await statusOf(user, 'POST', '/user/totp/validate', { stateId: 'x', code: '123456' })).toBe(400);
    expect(await statusOf(anonymous, 'GET', '/user/totp/generate')).toBe(401);
    expect(await statusOf(anonymous, 'POST', '/user/totp/disable')).toBe(401);
  });

  it('turns it off (it is off); the organisation cannot require a second factor yet', async () => {
    expect(await statusOf(user, 'POST', '/user/totp/disable')).toBe(204);
    expect(await statusOf(user, 'POST', '/user/totp/disable')).toBe(204);
    // Requiring it would lock everyone out of a feature they cannot set up.
    expect(await statusOf(s.admin, 'PUT', '/setting/enforce_totp', { value: '1' })).toBe(400);
    expect(await statusOf(s.admin, 'PUT', '/setting/enforce_totp', { value: '2' })).toBe(400);
    const settings = await s.admin.get<{ name: string; value: string }[]>('/setting/');
    const value = (name: string) => settings.find((x) => x.name === name)?.value;
    expect([value('enforce_totp'), value('feature_auth_providers'), value('feature_kiosk_mode')]).toEqual([
      '0',
      '0',
      '0',
    ]);
    expect(await statusOf(spaceAdmin, 'POST', '/user/totp/disable')).toBe(204);
  });

  it('really is off afterwards, even for a secret a row carried', async () => {
    await s.deps.db.updateTable('users').set({ totp_secret: 'x' }).where('id', '=', ids.user!).execute();
    expect((await user.get<{ totpEnabled: boolean }>('/user/me')).totpEnabled).toBe(true);
    expect(await statusOf(user, 'POST', '/user/totp/disable')).toBe(204);
    expect((await user.get<{ totpEnabled: boolean }>('/user/me')).totpEnabled).toBe(false);
    await s.deps.db.updateTable('users').set({ totp_secret: 'x' }).where('id', '=', ids.colleague!).execute();
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.colleague}/totp`)).toBe(204);
    const row = await s.deps.db
      .selectFrom('users')
      .select('totp_secret')
      .where('id', '=', ids.colleague!)
      .executeTakeFirst();
    expect(row?.totp_secret).toBeNull();
  });

  it("lets org admins of the user's organisation reset it, idempotently", async () => {
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.user}/totp`)).toBe(204);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.user}/totp`)).toBe(204);
    expect(await statusOf(s.admin, 'DELETE', `/user/${ids.user}/totp`)).toBe(204);
    expect(await statusOf(user, 'DELETE', `/user/${ids.colleague}/totp`)).toBe(403);
    expect(await statusOf(spaceAdmin, 'DELETE', `/user/${ids.user}/totp`)).toBe(403);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.superAdmin}/totp`)).toBe(403);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${UNKNOWN}/totp`)).toBe(404);
    expect(await statusOf(user, 'DELETE', `/user/${UNKNOWN}/totp`)).toBe(404);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.foreigner}/totp`)).toBe(404);
    expect(await statusOf(foreignAdmin, 'DELETE', `/user/${ids.user}/totp`)).toBe(404);
  });
});

describe('passkeys: nobody has one', () => {
  it('lists none and starts no registration', async () => {
    expect(await answer(user, 'GET', '/user/passkey/')).toMatchObject({ status: 200, body: [] });
    expect(await answer(user, 'POST', '/user/passkey/registration/begin')).toMatchObject({
      status: 403,
      message: 'Passkeys are not available in this version',
    });
    expect(await statusOf(anonymous, 'GET', '/user/passkey/')).toBe(401);
  });

  it('has no registration to finish and no passkey to rename or remove; bodies are checked first', async () => {
    const finish = { stateId: UNKNOWN, name: 'Laptop', credential };
    expect(await statusOf(user, 'POST', '/user/passkey/registration/finish', finish)).toBe(404);
    expect(await statusOf(user, 'POST', '/user/passkey/registration/finish', { ...finish, name: '<b>' })).toBe(400);
    expect(await statusOf(user, 'POST', '/user/passkey/registration/finish', { ...finish, credential: 'x' })).toBe(400);
    expect(await statusOf(user, 'PUT', `/user/passkey/${UNKNOWN}`, { name: 'Phone' })).toBe(404);
    expect(await statusOf(user, 'PUT', `/user/passkey/${UNKNOWN}`, { name: '' })).toBe(400);
    expect(await statusOf(user, 'DELETE', `/user/passkey/${UNKNOWN}`)).toBe(404);
  });

  it('signs nobody in with a passkey (public, body first)', async () => {
    expect(await answer(anonymous, 'POST', '/auth/passkey/login/begin', { organizationId: s.orgId })).toMatchObject({
      status: 404,
      message: 'Passkeys are not available in this version',
    });
    expect(await statusOf(anonymous, 'POST', '/auth/passkey/login/begin', {})).toBe(400);
    expect(await statusOf(anonymous, 'POST', '/auth/passkey/login/finish', { stateId: UNKNOWN, credential })).toBe(404);
    expect(await statusOf(anonymous, 'POST', '/auth/passkey/login/finish', { stateId: UNKNOWN })).toBe(400);
  });

  it("lets org admins of the user's organisation reset them, idempotently", async () => {
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.user}/passkeys`)).toBe(204);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.user}/passkeys`)).toBe(204);
    expect(await statusOf(user, 'DELETE', `/user/${ids.colleague}/passkeys`)).toBe(403);
    expect(await statusOf(user, 'DELETE', `/user/${ids.user}/passkeys`)).toBe(403);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${UNKNOWN}/passkeys`)).toBe(404);
    expect(await statusOf(foreignAdmin, 'DELETE', `/user/${ids.user}/passkeys`)).toBe(404);
  });
});

describe('API tokens of service accounts: none can be made', () => {
  it('reports none configured for a service account, 400 for other users', async () => {
    expect(await answer(orgAdmin, 'GET', `/user/${ids.robot}/api-token`)).toMatchObject({
      status: 200,
      body: { configured: false },
    });
    expect(await answer(orgAdmin, 'GET', `/user/${ids.user}/api-token`)).toMatchObject({
      status: 400,
      message: 'Only service accounts have API tokens',
    });
  });

  it('refuses to make one with 404 and revokes idempotently', async () => {
    expect(await answer(orgAdmin, 'POST', `/user/${ids.robot}/api-token`)).toMatchObject({
      status: 404,
      message: 'API tokens are not available in this version',
    });
    expect(await statusOf(orgAdmin, 'POST', `/user/${ids.user}/api-token`)).toBe(400);
    await s.deps.db
      .updateTable('users')
      .set({ api_token_hash: 'ab'.repeat(32) })
      .where('id', '=', ids.robot!)
      .execute();
    expect(await answer(orgAdmin, 'GET', `/user/${ids.robot}/api-token`)).toMatchObject({ body: { configured: true } });
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.robot}/api-token`)).toBe(204);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.robot}/api-token`)).toBe(204);
    expect(await answer(orgAdmin, 'GET', `/user/${ids.robot}/api-token`)).toMatchObject({
      body: { configured: false },
    });
  });

  it('is for org admins of the account (403 first, then 404 for unknown or foreign accounts)', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect(await statusOf(user, method, `/user/${ids.robot}/api-token`), method).toBe(403);
      expect(await statusOf(spaceAdmin, method, `/user/${UNKNOWN}/api-token`), method).toBe(403);
      expect(await statusOf(orgAdmin, method, `/user/${UNKNOWN}/api-token`), method).toBe(404);
      expect(await statusOf(foreignAdmin, method, `/user/${ids.robot}/api-token`), method).toBe(404);
      expect(await statusOf(anonymous, method, `/user/${ids.robot}/api-token`), method).toBe(401);
    }
    expect(await answer(s.admin, 'GET', `/user/${ids.robot}/api-token`)).toMatchObject({ status: 200 });
  });
});

describe('calendars (iCal files, CalDAV)', () => {
  let booking: string;
  let series: string;
  beforeAll(async () => {
    const floor = await createFloor(s, { zone: ZONE, desks: 2 });
    booking = await book(user, floor.spaces[0]!, wall(ZONE, 1, 9), wall(ZONE, 1, 10));
    series = (
      await user.post('/recurring-booking/', {
        spaceId: floor.spaces[1]!,
        enter: wall(ZONE, 1, 9),
        leave: wall(ZONE, 1, 10),
        end: wall(ZONE, 5, 23),
        cadence: 1,
        cycle: 1,
        weekdays: [],
        subject: '',
      })
    ).objectId!;
  });

  it('has no iCal file of a booking or series, after the access check of reading it', async () => {
    for (const path of [`/booking/${booking}/ical`, `/recurring-booking/${series}/ical`]) {
      expect(await answer(user, 'GET', path), path).toMatchObject({
        status: 404,
        message: 'Calendar files (iCal) are not available in this version',
      });
      expect(await statusOf(spaceAdmin, 'GET', path), path).toBe(404);
      expect(await statusOf(colleague, 'GET', path), path).toBe(403);
      expect(await statusOf(foreignAdmin, 'GET', path), path).toBe(404);
      expect(await statusOf(anonymous, 'GET', path), path).toBe(401);
    }
    expect(await answer(user, 'GET', `/booking/${UNKNOWN}/ical`)).toMatchObject({
      status: 404,
      message: 'Unknown booking',
    });
  });

  it('connects to no CalDAV server, after checking the body', async () => {
    const body = { url: 'https://dav.example/', username: 'u', password: 'p' };
    expect(await answer(user, 'POST', '/preference/caldav/listCalendars', body)).toMatchObject({
      status: 404,
      message: 'Calendar connections are not available in this version',
    });
    expect(await statusOf(user, 'POST', '/preference/caldav/listCalendars', { ...body, url: 'dav.example' })).toBe(400);
    expect(
      await statusOf(user, 'POST', '/preference/caldav/listCalendars', {
        ...body,
        url: `https://d.example/${'x'.repeat(256)}`,
      }),
    ).toBe(400);
    expect(await statusOf(user, 'POST', '/preference/caldav/listCalendars', { url: body.url, username: 'u' })).toBe(
      400,
    );
    expect(await statusOf(anonymous, 'POST', '/preference/caldav/listCalendars', body)).toBe(401);
  });
});

describe('account merge', () => {
  it('starts no merge (body first) and has no request to finish', async () => {
    expect(await answer(user, 'POST', '/user/merge/init', { email: 'colleague@test.perch.local' })).toMatchObject({
      status: 404,
      message: 'Account merge is not available in this version',
    });
    expect(await statusOf(user, 'POST', '/user/merge/init', { email: 'not an email' })).toBe(400);
    expect(await statusOf(user, 'POST', `/user/merge/finish/${UNKNOWN}`)).toBe(404);
    expect(await statusOf(anonymous, 'POST', '/user/merge/init', { email: 'colleague@test.perch.local' })).toBe(401);
    // The existing list of incoming requests still answers.
    expect(await answer(user, 'GET', '/user/merge')).toMatchObject({ status: 200, body: [] });
  });
});

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
