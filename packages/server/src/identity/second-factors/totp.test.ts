import { login, type PerchClient } from '@perch/client';
import { Role, routes, type TotpSetup, type UserMe } from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test-support/organizations.js';
import { failure, statusOf } from '../../test-support/http.js';
import { codeAt, enableTotp } from '../../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { LinkType } from '../one-time-links/index.js';

/**
 * TOTP end to end: the enrolment (QR code, secret, first code, its limits), signing in with a
 * code (missing, wrong, replayed, throttled), turning it off, the organisation requiring it, and
 * an org admin's reset.
 */
let s: TestServer;
const EMAIL = 'tina@test.perch.local';

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
});

const generate = (c: PerchClient): Promise<TotpSetup> => c.call(routes.totp.generate);
const loginWith = (code?: string, email = EMAIL) =>
  login(s.client(), { email, password: TEST_PASSWORD, organizationId: s.orgId, ...(code ? { code } : {}) });
const attempts = () =>
  s.deps.db
    .selectFrom('auth_attempts')
    .select(['method', 'successful', 'error_code'])
    .where('email', '=', EMAIL)
    .orderBy('created_at')
    .execute();
const setEnforcement = (value: string) =>
  s.admin.call(routes.setting.set, { params: { name: 'enforce_totp' }, body: { value } });

describe('enrolment', () => {
  it('shows a 256×256 PNG QR code and the secret as text; the first right code turns TOTP on', async () => {
    await s.createUser({ email: EMAIL });
    const c = await s.signIn(EMAIL);
    const setup = await generate(c);
    const png = Buffer.from(setup.image, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);
    const { secret } = await c.call(routes.totp.secret, { params: { id: setup.stateId } });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    expect(await statusOf(c.call(routes.totp.validate, { body: { stateId: setup.stateId, code: '000000' } }))).toBe(
      400,
    );
    await c.call(routes.totp.validate, { body: { stateId: setup.stateId, code: await codeAt(secret, 0) } });
    expect((await c.call(routes.user.me)).totpEnabled).toBe(true);
    // Stored encrypted; the setup is used up.
    const row = await s.deps.db.selectFrom('users').select('totp_secret').where('email', '=', EMAIL).executeTakeFirst();
    expect(row?.totp_secret).not.toContain(secret);
    expect(s.deps.secrets.decrypt(row!.totp_secret!)).toBe(secret);
    expect(await statusOf(c.call(routes.totp.secret, { params: { id: setup.stateId } }))).toBe(404);
  });

  it('gives the secret 5 times, then 429; the setup still takes its code', async () => {
    await s.createUser({ email: EMAIL });
    const c = await s.signIn(EMAIL);
    const setup = await generate(c);
    let secret = '';
    for (let i = 0; i < 5; i++) secret = (await c.call(routes.totp.secret, { params: { id: setup.stateId } })).secret;
    const refused = await failure(c.call(routes.totp.secret, { params: { id: setup.stateId } }));
    expect(refused.status).toBe(429);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    await c.call(routes.totp.validate, { body: { stateId: setup.stateId, code: await codeAt(secret, 0) } });
  });

  it('ends the setup at the fifth wrong code (429), in the database', async () => {
    await s.createUser({ email: EMAIL });
    const c = await s.signIn(EMAIL);
    const setup = await generate(c);
    const { secret } = await c.call(routes.totp.secret, { params: { id: setup.stateId } });
    const wrong = (await codeAt(secret, 0)) === '123456' ? '654321' : '123456';
    const validate = (code: string) => c.call(routes.totp.validate, { body: { stateId: setup.stateId, code } });
    for (let i = 0; i < 4; i++) expect(await statusOf(validate(wrong))).toBe(400);
    const stored = await s.deps.db
      .selectFrom('auth_states')
      .select('payload')
      .where('id', '=', setup.stateId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload)).toMatchObject({ attempts: 4 });
    expect(await statusOf(validate(wrong))).toBe(429);
    // Destroyed: even the right code finds no setup now.
    expect(await statusOf(validate(await codeAt(secret, 0)))).toBe(404);
    expect((await c.call(routes.user.me)).totpEnabled).toBe(false);
  });

  it("refuses someone else's, an expired and another kind of state with 404, without counting", async () => {
    await s.createUser({ email: EMAIL });
    await s.createUser({ email: 'other@test.perch.local' });
    const c = await s.signIn(EMAIL);
    const other = await s.signIn('other@test.perch.local');
    const setup = await generate(c);
    expect(await statusOf(other.call(routes.totp.secret, { params: { id: setup.stateId } }))).toBe(404);
    expect(await statusOf(other.call(routes.totp.validate, { body: { stateId: setup.stateId, code: '123456' } }))).toBe(
      404,
    );
    const stored = await s.deps.db
      .selectFrom('auth_states')
      .select('payload')
      .where('id', '=', setup.stateId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload)).toMatchObject({ reads: 0, attempts: 0 });

    // Another kind of one-time state with the same owner.
    const registration = await s.deps.db
      .insertInto('auth_states')
      .values({
        state_type: LinkType.PasskeyRegistration,
        ref_id: await userId(EMAIL),
        payload: '{}',
        expires_at: sql<Date>`now() + interval '5 minutes'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await statusOf(c.call(routes.totp.secret, { params: { id: registration.id } }))).toBe(404);

    await s.deps.db
      .updateTable('auth_states')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', setup.stateId)
      .execute();
    expect(await statusOf(c.call(routes.totp.secret, { params: { id: setup.stateId } }))).toBe(404);
    expect(await statusOf(c.call(routes.totp.validate, { body: { stateId: setup.stateId, code: '123456' } }))).toBe(
      404,
    );
    expect(await statusOf(c.call(routes.totp.validate, { body: { stateId: setup.stateId, code: '12345' } }))).toBe(400);
    expect(await statusOf(s.client().call(routes.totp.generate))).toBe(401);
  });
});

async function userId(email: string): Promise<string> {
  const u = await s.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return u.id;
}

describe('signing in with TOTP', () => {
  it('asks for the code (401, not logged as a failure), refuses a wrong or replayed one, accepts the right one', async () => {
    await s.createUser({ email: EMAIL });
    const secret = await enableTotp(await s.signIn(EMAIL));
    const asked = await failure(loginWith());
    expect(asked.status).toBe(401);
    expect(asked.body).not.toHaveProperty('requirePasskey');
    expect(await attempts()).toEqual([{ method: 'password', successful: true, error_code: '' }]);

    const right = await codeAt(secret, 1);
    const wrong = right === '111111' ? '222222' : '111111';
    expect(await statusOf(loginWith(wrong))).toBe(400);
    await loginWith(right);
    // The same code again within its validity: a replay. So is the code that confirmed the setup.
    expect(await statusOf(loginWith(right))).toBe(400);
    expect(await statusOf(loginWith(await codeAt(secret, 0)))).toBe(400);
    expect((await attempts()).slice(1)).toEqual([
      { method: 'totp', successful: false, error_code: 'totp_invalid' },
      { method: 'totp', successful: true, error_code: '' },
      { method: 'totp', successful: false, error_code: 'totp_replay' },
      { method: 'totp', successful: false, error_code: 'totp_replay' },
    ]);
  });

  it('accepts the codes of the neighbouring time steps, not older ones', async () => {
    await s.createUser({ email: EMAIL });
    const secret = await enableTotp(await s.signIn(EMAIL));
    expect(await statusOf(loginWith(await codeAt(secret, -3)))).toBe(400);
    await loginWith(await codeAt(secret, 1));
  });

  it('counts wrong codes toward the sign-in throttle (429), even with the right password', async () => {
    await s.createUser({ email: EMAIL });
    const secret = await enableTotp(await s.signIn(EMAIL));
    const right = await codeAt(secret, 1);
    const wrong = right === '111111' ? '222222' : '111111';
    // LOGIN_PROTECTION_MAX_FAILS is 3 in tests.
    for (let i = 0; i < 3; i++) expect(await statusOf(loginWith(wrong))).toBe(400);
    const blocked = await failure(loginWith(right));
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('needs the code for the forced password change too', async () => {
    await s.createUser({ email: EMAIL });
    const secret = await enableTotp(await s.signIn(EMAIL));
    await s.deps.db.updateTable('users').set({ password_update_required: true }).where('email', '=', EMAIL).execute();
    const body = { email: EMAIL, password: TEST_PASSWORD, organizationId: s.orgId, newPassword: 'Brand!new9pw' };
    expect(await statusOf(s.client().post('/auth/updatepw', body))).toBe(401);
    expect((await s.client().post('/auth/updatepw', { ...body, code: await codeAt(secret, 1) })).status).toBe(200);
  });
});

describe('turning TOTP off', () => {
  it('works for the user unless the organisation requires a second factor of them', async () => {
    await s.createUser({ email: EMAIL });
    await s.createUser({ email: 'sam@test.perch.local', role: Role.SpaceAdmin });
    const tina = await s.signIn(EMAIL);
    const sam = await s.signIn('sam@test.perch.local');
    await enableTotp(tina);
    await enableTotp(sam);

    await setEnforcement('2');
    expect(await statusOf(sam.call(routes.totp.disable))).toBe(403);
    await tina.call(routes.totp.disable);
    expect((await tina.call(routes.user.me)).totpEnabled).toBe(false);

    await setEnforcement('1');
    await enableTotp(tina);
    expect(await statusOf(tina.call(routes.totp.disable))).toBe(403);
    expect(await statusOf(setEnforcement('3'))).toBe(400);

    await setEnforcement('0');
    await sam.call(routes.totp.disable);
    const me: UserMe = await sam.call(routes.user.me);
    expect(me.totpEnabled).toBe(false);
    expect(await statusOf(loginWith(undefined, 'sam@test.perch.local'))).toBe(200);
  });
});

describe("an org admin's reset", () => {
  it("turns a user's TOTP off, idempotently, only in the admin's organisation", async () => {
    const id = await s.createUser({ email: EMAIL });
    await s.createUser({ email: 'olga@test.perch.local', role: Role.OrgAdmin });
    const tina = await s.signIn(EMAIL);
    await enableTotp(tina);
    await tina.call(routes.totp.newRecoveryCodes);
    const olga = await s.signIn('olga@test.perch.local');
    const globex = await createOrganization(s, {
      name: 'Globex',
      domain: 'globex.example',
      adminEmail: 'hank@globex.example',
    });

    expect(await statusOf(globex.admin!.call(routes.totp.resetForUser, { params: { id } }))).toBe(404);
    expect(
      await statusOf(tina.call(routes.totp.resetForUser, { params: { id: await userId('olga@test.perch.local') } })),
    ).toBe(403);
    expect((await tina.call(routes.user.me)).totpEnabled).toBe(true);

    await olga.call(routes.totp.resetForUser, { params: { id } });
    await olga.call(routes.totp.resetForUser, { params: { id } });
    expect((await tina.call(routes.user.me)).totpEnabled).toBe(false);
    const codes = await s.deps.db
      .selectFrom('totp_recovery_codes')
      .select('user_id')
      .where('user_id', '=', id)
      .execute();
    expect(codes).toEqual([]);
    await loginWith();
  });
});
