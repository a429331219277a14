import { login } from '@perch/client';
import { Role, routes, type Credentials, type PasskeyRequired } from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, statusOf } from '../../test-support/http.js';
import { createOrganization } from '../../test-support/organizations.js';
import {
  clientOn,
  codeAt,
  enableTotp,
  passkeyLoginAnswer,
  registerPasskey,
  signInOn,
  siteOf,
  type Site,
} from '../../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator.js';
import { PASSKEY_LOGIN_MIN_MS } from './passkey-login.js';

/**
 * Signing in with a passkey: alone (discoverable, no email), and as the second factor of a
 * password sign-in (the 401 challenge, the answer, the TOTP fallback). Clone detection, the
 * states' owners and kinds, refused accounts, the sign-in log and the throttle.
 */
let s: TestServer;
let site: Site;
const EMAIL = 'paul@test.perch.local';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  s = await startTestServer();
  site = siteOf(s);
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
});

/** Paul with one passkey on a software authenticator. */
async function paulWithPasskey(opts: { noCounter?: boolean } = {}) {
  const id = await s.createUser({ email: EMAIL });
  const c = await signInOn(s, site, EMAIL, TEST_PASSWORD);
  const authenticator = new SoftwareAuthenticator(opts);
  await registerPasskey(c, authenticator, site);
  return { id, c, authenticator };
}

const finish = (body: unknown, on: Site = site) => clientOn(s, on).post('/auth/passkey/login/finish', body);
const passwordLogin = (body: Record<string, unknown> = {}, on: Site = site) =>
  login(clientOn(s, on), { email: EMAIL, password: TEST_PASSWORD, organizationId: s.orgId, ...body });
const log = () =>
  s.deps.db
    .selectFrom('auth_attempts')
    .select(['method', 'successful', 'error_code'])
    .where('email', '=', EMAIL)
    .where('method', '!=', 'password')
    .orderBy('created_at')
    .execute();

describe('signing in with a passkey alone', () => {
  it('offers request options for a discoverable credential and signs the owner in', async () => {
    const { authenticator } = await paulWithPasskey();
    const begun = await clientOn(s, site).call(routes.passkey.loginBegin, { body: { organizationId: s.orgId } });
    expect(begun.challenge.publicKey).toMatchObject({ rpId: 'test.perch.local', userVerification: 'required' });
    expect(begun.challenge.publicKey).not.toHaveProperty('allowCredentials.0');
    const started = Date.now();
    const res = await finish({ stateId: begun.stateId, credential: authenticator.get(begun.challenge, site.origin) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PASSKEY_LOGIN_MIN_MS - 5);
    const signedIn = clientOn(s, site);
    signedIn.acceptCredentials(res.data as Credentials);
    expect((await signedIn.call(routes.user.me)).email).toBe(EMAIL);
    const [key] = await signedIn.call(routes.passkey.list);
    expect(key!.lastUsedAt).not.toBeNull();
    expect(await log()).toEqual([{ method: 'passkey', successful: true, error_code: '' }]);
  });

  it('uses a sign-in state once and checks its kind, expiry and organisation', async () => {
    const { c, authenticator } = await paulWithPasskey();
    const anon = clientOn(s, site);
    const answer = await passkeyLoginAnswer(anon, authenticator, site, s.orgId);
    await finish(answer);
    expect(await statusOf(finish(answer))).toBe(404);
    expect(await statusOf(finish({ ...answer, stateId: UNKNOWN }))).toBe(404);

    const expired = await passkeyLoginAnswer(anon, authenticator, site, s.orgId);
    await s.deps.db
      .updateTable('auth_states')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', expired.stateId)
      .execute();
    expect(await statusOf(finish(expired))).toBe(404);

    // A registration state is no sign-in state.
    const registration = await c.call(routes.passkey.registrationBegin);
    const signed = authenticator.get(
      (await anon.call(routes.passkey.loginBegin, { body: { organizationId: s.orgId } })).challenge,
      site.origin,
    );
    expect(await statusOf(finish({ stateId: registration.stateId, credential: signed }))).toBe(404);

    // A sign-in begun for another organisation does not sign in this organisation's people
    // (the state is moved to Globex here: a browser cannot sign Globex's RP id on this host).
    const globex = await createOrganization(s, { name: 'Globex' });
    const foreign = await passkeyLoginAnswer(anon, authenticator, site, s.orgId);
    await s.deps.db.updateTable('auth_states').set({ ref_id: globex.id }).where('id', '=', foreign.stateId).execute();
    expect(await statusOf(finish(foreign))).toBe(404);
    expect(await statusOf(anon.call(routes.passkey.loginBegin, { body: { organizationId: UNKNOWN } }))).toBe(404);
    expect(await statusOf(anon.post('/auth/passkey/login/begin', {}))).toBe(400);
  });

  it('detects a cloned authenticator by its signature counter', async () => {
    const { authenticator } = await paulWithPasskey();
    const anon = clientOn(s, site);
    const clone = authenticator.clone();
    await finish(await passkeyLoginAnswer(anon, authenticator, site, s.orgId));
    await finish(await passkeyLoginAnswer(anon, authenticator, site, s.orgId));
    // The clone's counter (1) is behind the stored one (2).
    expect(await statusOf(finish(await passkeyLoginAnswer(anon, clone, site, s.orgId)))).toBe(404);
    expect((await log()).at(-1)).toEqual({
      method: 'passkey',
      successful: false,
      error_code: 'passkey_clone_detected',
    });
    // The original goes on working.
    await finish(await passkeyLoginAnswer(anon, authenticator, site, s.orgId));
  });

  it('accepts authenticators that keep no counter', async () => {
    const { authenticator } = await paulWithPasskey({ noCounter: true });
    const anon = clientOn(s, site);
    await finish(await passkeyLoginAnswer(anon, authenticator, site, s.orgId));
    await finish(await passkeyLoginAnswer(anon, authenticator, site, s.orgId));
  });

  it('refuses unreadable (400) and unverifiable answers (404), and answers from another host', async () => {
    const { authenticator } = await paulWithPasskey();
    const anon = clientOn(s, site);
    const answer = await passkeyLoginAnswer(anon, authenticator, site, s.orgId);
    expect(
      await statusOf(finish({ stateId: answer.stateId, credential: { id: 'x', type: 'public-key', response: {} } })),
    ).toBe(400);
    const response = answer.credential.response as Record<string, string>;
    const tampered = { ...answer.credential, response: { ...response, signature: response.clientDataJSON } };
    expect(await statusOf(finish({ stateId: answer.stateId, credential: tampered }))).toBe(404);
    const stranger = new SoftwareAuthenticator();
    stranger.create({ rp: { id: 'test.perch.local' }, user: { id: 'eA' }, challenge: 'eA' }, site.origin);
    expect(
      await statusOf(
        finish({
          stateId: answer.stateId,
          credential: stranger.get({ rpId: 'test.perch.local', challenge: 'eA' }, site.origin),
        }),
      ),
    ).toBe(404);
    // The same answer through a host that is not the primary domain (the origin cannot match).
    expect(await statusOf(finish(answer, siteOf(s, 'elsewhere.example')))).toBe(404);
    // The state survived the failures: the genuine answer still signs in.
    await finish(answer);
  });

  it('refuses service accounts, disabled accounts and accounts without a password (404), and throttles (429)', async () => {
    const { authenticator } = await paulWithPasskey();
    const anon = clientOn(s, site);
    const attempt = async () => statusOf(finish(await passkeyLoginAnswer(anon, authenticator, site, s.orgId)));
    const set = (values: Record<string, unknown>) =>
      s.deps.db.updateTable('users').set(values).where('email', '=', EMAIL).execute();
    await set({ role: Role.ServiceAccountReadOnly });
    expect(await attempt()).toBe(404);
    await set({ role: Role.User, disabled: true });
    expect(await attempt()).toBe(404);
    await set({ disabled: false, password_pending: true });
    // The third failure from this address blocks the account (LOGIN_PROTECTION_MAX_FAILS is 3).
    expect(await attempt()).toBe(404);
    await set({ password_pending: false });
    const blocked = await failure(finish(await passkeyLoginAnswer(anon, authenticator, site, s.orgId)));
    expect(blocked.status).toBe(429);
    expect((await log()).map((r) => r.error_code)).toEqual([
      'service_account',
      'user_disabled',
      'password_pending',
      'throttled',
    ]);
  });

  it('works while password sign-in is disabled', async () => {
    const { authenticator } = await paulWithPasskey();
    const noPasswords = await startTestServer({ DISABLE_PASSWORD_LOGIN: '1' }, { reset: false, signIn: false });
    try {
      const there = siteOf(noPasswords);
      const anon = clientOn(noPasswords, there);
      expect(await statusOf(login(anon, { email: EMAIL, password: TEST_PASSWORD, organizationId: s.orgId }))).toBe(404);
      const answer = await passkeyLoginAnswer(anon, authenticator, there, s.orgId);
      expect((await anon.post('/auth/passkey/login/finish', answer)).status).toBe(200);
    } finally {
      await noPasswords.close();
    }
  });
});

describe('a passkey as the second factor of a password sign-in', () => {
  async function challenge(body: Record<string, unknown> = {}): Promise<PasskeyRequired> {
    const e = await failure(passwordLogin(body));
    expect(e.status).toBe(401);
    return e.body as PasskeyRequired;
  }

  it('answers 401 with a challenge naming the passkeys; the signed answer signs in, once', async () => {
    const { authenticator } = await paulWithPasskey();
    const asked = await challenge();
    expect(asked).toMatchObject({ requirePasskey: true, allowTotpFallback: false, stateId: expect.any(String) });
    expect(asked.passkeyChallenge.publicKey).toMatchObject({
      rpId: 'test.perch.local',
      allowCredentials: [{ id: authenticator.credentialIds[0], type: 'public-key' }],
    });
    const passkeyCredential = authenticator.get(asked.passkeyChallenge, site.origin);
    await passwordLogin({ passkeyStateId: asked.stateId, passkeyCredential });
    expect(await statusOf(passwordLogin({ passkeyStateId: asked.stateId, passkeyCredential }))).toBe(404);
    expect(await log()).toEqual([
      { method: 'passkey_2fa', successful: true, error_code: '' },
      { method: 'passkey_2fa', successful: false, error_code: 'passkey_state_invalid' },
    ]);
  });

  it("refuses another account's challenge (403), an unknown one and a bad answer (404)", async () => {
    const { authenticator } = await paulWithPasskey();
    await s.createUser({ email: 'vera@test.perch.local' });
    const vera = await signInOn(s, site, 'vera@test.perch.local', TEST_PASSWORD);
    const veraKey = new SoftwareAuthenticator();
    await registerPasskey(vera, veraKey, site);
    const veraAsked = (
      await failure(
        login(clientOn(s, site), { email: 'vera@test.perch.local', password: TEST_PASSWORD, organizationId: s.orgId }),
      )
    ).body as PasskeyRequired;

    const asked = await challenge();
    const answer = authenticator.get(asked.passkeyChallenge, site.origin);
    expect(await statusOf(passwordLogin({ passkeyStateId: veraAsked.stateId, passkeyCredential: answer }))).toBe(403);
    expect(await statusOf(passwordLogin({ passkeyStateId: UNKNOWN, passkeyCredential: answer }))).toBe(404);
    // Vera's passkey answering Paul's challenge.
    const wrongKey = veraKey.get(
      { ...(asked.passkeyChallenge.publicKey as object), allowCredentials: [] },
      site.origin,
    );
    expect(await statusOf(passwordLogin({ passkeyStateId: asked.stateId, passkeyCredential: wrongKey }))).toBe(404);
    // LOGIN_PROTECTION_MAX_FAILS is 3: the three failures block the next attempt.
    expect(await statusOf(passwordLogin({ passkeyStateId: asked.stateId, passkeyCredential: answer }))).toBe(429);
  });

  it('offers TOTP as the fallback when the account has it', async () => {
    const { c } = await paulWithPasskey();
    const secret = await enableTotp(c);
    const asked = await challenge();
    expect(asked.allowTotpFallback).toBe(true);
    await passwordLogin({ code: await codeAt(secret, 1) });
    // A wrong code is a wrong code, not another challenge.
    expect(await statusOf(passwordLogin({ code: '000000' === (await codeAt(secret, 1)) ? '111111' : '000000' }))).toBe(
      400,
    );
  });

  it('does not let a passkey answer sign in a user without passkeys', async () => {
    await s.createUser({ email: EMAIL });
    const tokens = await passwordLogin({
      passkeyStateId: UNKNOWN,
      passkeyCredential: { id: 'x', type: 'public-key', response: {} },
    });
    expect(tokens.accessToken).toBeTruthy();
  });
});
