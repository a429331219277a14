import type { PerchClient } from '@perch/client';
import { Role, routes, type Passkey } from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, statusOf } from '../../test-support/http.js';
import { createOrganization } from '../../test-support/organizations.js';
import { enableTotp, registerPasskey, signInOn, siteOf, type Site } from '../../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator.js';

/**
 * Managing passkeys: registering one with a (software) authenticator on the organisation's
 * primary domain and every reason to refuse it, the list, renaming, removing (the last one stays
 * while the organisation requires a second factor), an org admin's reset, `hasPasskeys`.
 */
let s: TestServer;
let site: Site;
const EMAIL = 'pia@test.perch.local';

beforeAll(async () => {
  s = await startTestServer({ MAX_PASSKEYS_PER_USER: '2', WEBAUTHN_RP_DISPLAY_NAME: 'Perch Test' });
  site = siteOf(s);
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
});

async function pia(): Promise<{ id: string; c: PerchClient }> {
  const id = await s.createUser({ email: EMAIL, firstname: 'Pia', lastname: 'Key' });
  return { id, c: await signInOn(s, site, EMAIL, TEST_PASSWORD) };
}

const begin = (c: PerchClient) => c.call(routes.passkey.registrationBegin);
const list = (c: PerchClient): Promise<Passkey[]> => c.call(routes.passkey.list);

describe('registration', () => {
  it('offers creation options for a discoverable, user-verified credential, then keeps the passkey', async () => {
    const { id, c } = await pia();
    const begun = await begin(c);
    expect(begun.challenge.publicKey).toMatchObject({
      rp: { id: 'test.perch.local', name: 'Perch Test' },
      user: { name: EMAIL, displayName: 'Pia Key', id: Buffer.from(id).toString('base64url') },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      excludeCredentials: [],
    });
    const authenticator = new SoftwareAuthenticator();
    const credential = authenticator.create(begun.challenge, site.origin);
    const created = await c.call(routes.passkey.registrationFinish, {
      body: { stateId: begun.stateId, name: 'Laptop', credential: credential as never },
    });
    expect(created).toEqual({ id: expect.any(String), name: 'Laptop', createdAt: expect.any(String) });
    expect(await list(c)).toEqual([{ ...created, lastUsedAt: null }]);
    expect((await c.call(routes.user.me)).hasPasskeys).toBe(true);
    expect((await s.admin.call(routes.user.get, { params: { id } })).hasPasskeys).toBe(true);
    const row = await s.deps.db.selectFrom('passkeys').selectAll().executeTakeFirstOrThrow();
    expect(row.credential_id_encrypted).not.toContain(authenticator.credentialIds[0]);
    expect(row).toMatchObject({ attestation_type: 'none', transports: ['internal'], sign_count: 0 });

    // The next registration excludes it; the authenticator that holds it refuses, as a browser does.
    const next = await begin(c);
    expect(next.challenge.publicKey).toMatchObject({ excludeCredentials: [{ id: authenticator.credentialIds[0] }] });
    expect(() => authenticator.create(next.challenge, site.origin)).toThrow(/InvalidStateError/);
    // Re-sending the old answer to a new registration is refused (challenge, and it is registered already).
    expect(
      await statusOf(
        c.call(routes.passkey.registrationFinish, {
          body: { stateId: next.stateId, name: 'Again', credential: credential as never },
        }),
      ),
    ).toBe(400);
  });

  it('is refused (403) off the primary domain, without a password, for a provider account, a service account, or at the cap', async () => {
    const { c } = await pia();
    expect(await statusOf(s.signIn(EMAIL).then((plain) => begin(plain)))).toBe(403);
    const other = siteOf(s, 'elsewhere.example');
    expect(await statusOf(signInOn(s, other, EMAIL, TEST_PASSWORD).then(begin))).toBe(403);

    // Service accounts never sign in interactively (the session here predates the role change).
    await s.deps.db
      .updateTable('users')
      .set({ role: Role.ServiceAccountReadWrite })
      .where('email', '=', EMAIL)
      .execute();
    expect(await statusOf(begin(c))).toBe(403);
    await s.deps.db.updateTable('users').set({ role: Role.User }).where('email', '=', EMAIL).execute();
    await begin(c);

    const { rows } = await sql<{ id: string }>`
      INSERT INTO auth_providers (organization_id, name) VALUES (${s.orgId}, 'IdP') RETURNING id`.execute(s.deps.db);
    await s.deps.db.updateTable('users').set({ auth_provider_id: rows[0]!.id }).where('email', '=', EMAIL).execute();
    expect(await statusOf(begin(c))).toBe(403);
    await s.deps.db
      .updateTable('users')
      .set({ auth_provider_id: null, password_hash: null })
      .where('email', '=', EMAIL)
      .execute();
    expect(await statusOf(begin(c))).toBe(403);
  });

  it('stops at MAX_PASSKEYS_PER_USER', async () => {
    const { c } = await pia();
    await registerPasskey(c, new SoftwareAuthenticator(), site, 'One');
    const pending = await begin(c);
    await registerPasskey(c, new SoftwareAuthenticator(), site, 'Two');
    const refused = await failure(begin(c));
    expect(refused.status).toBe(403);
    // A registration begun before the cap was reached cannot pass it either.
    const late = new SoftwareAuthenticator().create(pending.challenge, site.origin);
    expect(
      await statusOf(
        c.call(routes.passkey.registrationFinish, {
          body: { stateId: pending.stateId, name: 'Three', credential: late as never },
        }),
      ),
    ).toBe(403);
  });

  it("refuses another user's registration (403, left intact), an unknown, expired or used one (404), bad answers (400)", async () => {
    const { c } = await pia();
    await s.createUser({ email: 'max@test.perch.local' });
    const max = await signInOn(s, site, 'max@test.perch.local', TEST_PASSWORD);
    const begun = await begin(c);
    const credential = new SoftwareAuthenticator().create(begun.challenge, site.origin);
    const finish = (client: PerchClient, stateId: string, body: Record<string, unknown> = {}) =>
      client.call(routes.passkey.registrationFinish, {
        body: { stateId, name: 'Laptop', credential: credential as never, ...body },
      });

    expect(await statusOf(finish(max, begun.stateId))).toBe(403);
    expect(await statusOf(finish(c, begun.stateId, { name: 'a<b' }))).toBe(400);
    expect(await statusOf(finish(c, begun.stateId, { name: '' }))).toBe(400);
    expect(await statusOf(finish(c, '00000000-0000-4000-8000-000000000000'))).toBe(404);
    await finish(c, begun.stateId);
    expect(await statusOf(finish(c, begun.stateId))).toBe(404);

    const expired = await begin(c);
    await s.deps.db
      .updateTable('auth_states')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', expired.stateId)
      .execute();
    expect(await statusOf(finish(c, expired.stateId))).toBe(404);

    // Another kind of state (a TOTP setup of the same user) is no registration.
    const setup = await c.call(routes.totp.generate);
    expect(await statusOf(finish(c, setup.stateId))).toBe(404);

    // A made-up answer, one for another challenge, one without user verification.
    const fresh = await begin(c);
    const bad = { ...credential, response: { clientDataJSON: 'eA', attestationObject: 'eA' } };
    expect(await statusOf(finish(c, fresh.stateId, { credential: bad }))).toBe(400);
    const again = await begin(c);
    expect(await statusOf(finish(c, again.stateId))).toBe(400);
    const third = await begin(c);
    const unverified = new SoftwareAuthenticator({ userVerified: false }).create(third.challenge, site.origin);
    expect(await statusOf(finish(c, third.stateId, { credential: unverified }))).toBe(400);
    expect(await list(c)).toHaveLength(1);
  });
});

describe('managing passkeys', () => {
  it("renames and removes the user's own; a colleague's is 403, another organisation's 404", async () => {
    const { c } = await pia();
    const key = await registerPasskey(c, new SoftwareAuthenticator(), site, 'Laptop');
    await s.createUser({ email: 'max@test.perch.local' });
    const max = await s.signIn('max@test.perch.local');
    const globex = await createOrganization(s, {
      name: 'Globex',
      domain: 'globex.example',
      adminEmail: 'hank@globex.example',
    });
    const hank = globex.admin!;

    await c.call(routes.passkey.rename, { params: { id: key.id }, body: { name: 'Work laptop' } });
    expect((await list(c)).map((k) => k.name)).toEqual(['Work laptop']);
    expect(await statusOf(c.call(routes.passkey.rename, { params: { id: key.id }, body: { name: 'x"y' } }))).toBe(400);
    for (const [who, status] of [
      [max, 403],
      [hank, 404],
    ] as const) {
      expect(await statusOf(who.call(routes.passkey.rename, { params: { id: key.id }, body: { name: 'Mine' } }))).toBe(
        status,
      );
      expect(await statusOf(who.call(routes.passkey.delete, { params: { id: key.id } }))).toBe(status);
    }
    expect(await statusOf(c.call(routes.passkey.delete, { params: { id: 'not-an-id' } }))).toBe(404);
    expect(await list(max)).toEqual([]);
    await c.call(routes.passkey.delete, { params: { id: key.id } });
    expect(await list(c)).toEqual([]);
    expect((await c.call(routes.user.me)).hasPasskeys).toBe(false);
  });

  it('keeps the last passkey while the organisation requires a second factor and TOTP is off', async () => {
    const { c } = await pia();
    const first = await registerPasskey(c, new SoftwareAuthenticator(), site, 'One');
    const second = await registerPasskey(c, new SoftwareAuthenticator(), site, 'Two');
    await s.admin.call(routes.setting.set, { params: { name: 'enforce_totp' }, body: { value: '1' } });
    await c.call(routes.passkey.delete, { params: { id: first.id } });
    expect(await statusOf(c.call(routes.passkey.delete, { params: { id: second.id } }))).toBe(403);
    await enableTotp(c);
    await c.call(routes.passkey.delete, { params: { id: second.id } });

    // Mode 2 requires it of space admins and up only.
    await s.admin.call(routes.setting.set, { params: { name: 'enforce_totp' }, body: { value: '2' } });
    await c.call(routes.totp.disable);
    const third = await registerPasskey(c, new SoftwareAuthenticator(), site, 'Three');
    await c.call(routes.passkey.delete, { params: { id: third.id } });
  });

  it("lets an org admin remove all of a user's passkeys, in their own organisation only", async () => {
    const { id, c } = await pia();
    await registerPasskey(c, new SoftwareAuthenticator(), site, 'One');
    await registerPasskey(c, new SoftwareAuthenticator(), site, 'Two');
    await s.createUser({ email: 'olga@test.perch.local', role: Role.OrgAdmin });
    const olga = await s.signIn('olga@test.perch.local');
    const globex = await createOrganization(s, {
      name: 'Globex',
      domain: 'globex.example',
      adminEmail: 'hank@globex.example',
    });
    const listed = await olga.call(routes.user.list, { query: { q: 'pia' } });
    expect(listed.map((u) => u.hasPasskeys)).toEqual([true]);

    expect(await statusOf(globex.admin!.call(routes.passkey.resetForUser, { params: { id } }))).toBe(404);
    expect(await statusOf(c.call(routes.passkey.resetForUser, { params: { id } }))).toBe(403);
    await olga.call(routes.passkey.resetForUser, { params: { id } });
    await olga.call(routes.passkey.resetForUser, { params: { id } });
    expect(await list(c)).toEqual([]);
    expect((await olga.call(routes.user.get, { params: { id } })).hasPasskeys).toBe(false);
  });

  it('go with the user', async () => {
    const { id, c } = await pia();
    await registerPasskey(c, new SoftwareAuthenticator(), site);
    await s.admin.call(routes.user.delete, { params: { id } });
    expect(await s.deps.db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
  });
});
