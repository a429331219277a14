import { login } from '@perch/client';
import { routes } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import {
  clientOn,
  codeAt,
  enableTotp,
  passkeyLoginAnswer,
  registerPasskey,
  signInOn,
  siteOf,
} from '../../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator.js';

/**
 * Two server instances on one database, as several processes behind a load balancer: what makes
 * a second factor single-use (the TOTP replay rule, recovery codes, passkey sign-in states and
 * counters, enrolment attempt counts) lives in the database, so the other instance knows it.
 */
let one: TestServer;
let two: TestServer;
const EMAIL = 'xena@test.perch.local';

beforeAll(async () => {
  one = await startTestServer();
  two = await startTestServer({}, { reset: false, signIn: false });
});
afterAll(async () => {
  await two.close();
  await one.close();
});
beforeEach(async () => {
  await one.reset();
});

const loginOn = (s: TestServer, code: string) =>
  login(s.client(), { email: EMAIL, password: TEST_PASSWORD, organizationId: one.orgId, code });

/** Exactly one of two racing requests succeeds. */
async function oneWins(a: Promise<unknown>, b: Promise<unknown>): Promise<void> {
  const settled = await Promise.allSettled([a, b]);
  expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
}

describe('second factors across server instances', () => {
  it('refuses a TOTP code on one instance that the other accepted, also when both race', async () => {
    await one.createUser({ email: EMAIL });
    const c = await one.signIn(EMAIL);
    const secret = await enableTotp(c);
    const code = await codeAt(secret, 1);
    await loginOn(one, code);
    expect(await statusOf(loginOn(two, code))).toBe(400);

    // A new secret (a new enrolment); then two instances race with one of its codes.
    await c.call(routes.totp.disable);
    const fresh = await enableTotp(c);
    const next = await codeAt(fresh, 1);
    await oneWins(loginOn(one, next), loginOn(two, next));
  });

  it('lets a recovery code sign in once, whichever instance gets it', async () => {
    await one.createUser({ email: EMAIL });
    const c = await one.signIn(EMAIL);
    await enableTotp(c);
    const { codes } = await c.call(routes.totp.newRecoveryCodes);
    await oneWins(loginOn(one, codes[0]!), loginOn(two, codes[0]!));
    await loginOn(two, codes[1]!);
    expect(await statusOf(loginOn(one, codes[1]!))).toBe(400);
  });

  it('counts wrong enrolment codes across instances', async () => {
    await one.createUser({ email: EMAIL });
    const c = await one.signIn(EMAIL);
    // The same session, used on the other instance.
    const onTwo = two.client();
    onTwo.acceptCredentials(c.store.load()!);
    const setup = await c.call(routes.totp.generate);
    const { secret } = await c.call(routes.totp.secret, { params: { id: setup.stateId } });
    const wrong = (await codeAt(secret, 0)) === '123456' ? '654321' : '123456';
    for (const client of [c, onTwo, c, onTwo])
      expect(await statusOf(client.call(routes.totp.validate, { body: { stateId: setup.stateId, code: wrong } }))).toBe(
        400,
      );
    expect(await statusOf(onTwo.call(routes.totp.validate, { body: { stateId: setup.stateId, code: wrong } }))).toBe(
      429,
    );
  });

  it('signs in once with one passkey answer sent to both instances', async () => {
    await one.createUser({ email: EMAIL });
    const site = siteOf(one);
    const authenticator = new SoftwareAuthenticator();
    await registerPasskey(await signInOn(one, site, EMAIL, TEST_PASSWORD), authenticator, site);
    const answer = await passkeyLoginAnswer(clientOn(one, site), authenticator, site, one.orgId);
    // Behind one load balancer both instances see the browser's Host (the first one's port here).
    await oneWins(
      clientOn(one, site).post('/auth/passkey/login/finish', answer),
      clientOn(two, site).post('/auth/passkey/login/finish', answer),
    );
  });
});
