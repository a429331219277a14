import { login } from '@perch/client';
import type { MailOutbox, OneTimeLink } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, statusOf } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';
import de from '../../messaging/mail/messages/de.json' with { type: 'json' };
import fr from '../../messaging/mail/messages/fr.json' with { type: 'json' };

/**
 * Password reset and invitations end to end: the request, the mail as a real SMTP server
 * receives it, the link, the new password and the sign-in with it.
 */
let s: TestServer;
let smtp: TestSmtpServer;
const NEW_PASSWORD = 'New!Passw0rd';

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  s = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2', PUBLIC_URL: 'https://perch.example.com' });
});
afterAll(async () => {
  await s.close();
  await smtp.stop();
});
beforeEach(async () => {
  await s.reset();
  smtp.mails.length = 0;
});

const linkId = (link: string | undefined) => /\/ui\/(?:resetpw|setpw)\/([0-9a-f-]{36})\/$/.exec(link ?? '')?.[1] ?? '';
const requestReset = (email: string, orgId = s.orgId) =>
  s.client().post('/auth/initpwreset', { organizationId: orgId, email });
async function outboxCount(): Promise<number> {
  const rows = await s.deps.db.selectFrom('mail_outbox').select('id').execute();
  return rows.length;
}

describe('password reset', () => {
  it('mails a single-use link that sets a new password, ends every session and lets the user sign in', async () => {
    await s.createUser({ email: 'ann@test.perch.local', firstname: 'Ann' });
    const session = await s.signIn('ann@test.perch.local');
    expect((await requestReset(' Ann@Test.Perch.Local ')).status).toBe(204);

    const [mail] = await smtp.waitFor(1, { to: 'ann@test.perch.local' });
    expect(mail!.subject).toBe('Reset your Perch password');
    expect(mail!.text).toContain('Hello Ann,');
    expect(mail!.link).toMatch(/^https:\/\/perch\.example\.com\/ui\/resetpw\/[0-9a-f-]{36}\/$/);
    expect(mail!.html).toContain(`href="${mail!.link}"`);
    expect(mail!.parsed.from?.text).toBe('perch@perch.test');
    const id = linkId(mail!.link);

    expect(await s.client().get<OneTimeLink>(`/auth/pwreset/${id}`)).toEqual({
      email: 'ann@test.perch.local',
      organizationId: s.orgId,
    });
    expect(await statusOf(s.client().post(`/auth/pwreset/${id}`, { password: 'weak' }))).toBe(400);
    expect((await s.client().post(`/auth/pwreset/${id}`, { password: NEW_PASSWORD })).status).toBe(204);

    // Single use; the old session and the old password are gone; the new one works.
    expect(await statusOf(s.client().post(`/auth/pwreset/${id}`, { password: NEW_PASSWORD }))).toBe(404);
    expect(await statusOf(s.client().get(`/auth/pwreset/${id}`))).toBe(404);
    expect(await statusOf(session.get('/user/me'))).toBe(401);
    expect(await statusOf(s.signIn('ann@test.perch.local', TEST_PASSWORD))).toBe(400);
    const fresh = await s.signIn('ann@test.perch.local', NEW_PASSWORD);
    expect((await fresh.get<{ email: string }>('/user/me')).email).toBe('ann@test.perch.local');
  });

  it('answers 204 for every address but mails only accounts that can reset a password', async () => {
    await s.createUser({ email: 'svc@test.perch.local', role: 22 });
    await s.createUser({ email: 'off@test.perch.local' });
    await s.deps.db.updateTable('users').set({ disabled: true }).where('email', '=', 'off@test.perch.local').execute();
    for (const email of ['nobody@test.perch.local', 'svc@test.perch.local', 'off@test.perch.local']) {
      expect((await requestReset(email)).status).toBe(204);
    }
    // An unknown organisation is no different.
    expect((await requestReset('nobody@test.perch.local', '00000000-0000-4000-8000-000000000000')).status).toBe(204);
    expect(await outboxCount()).toBe(0);
    expect(await statusOf(requestReset('not-an-address'))).toBe(400);
  });

  it('keeps at most two open links per account and throttles each client address', async () => {
    // A server of its own, so its per-address allowance starts full and the others' stays so.
    const own = await startTestServer({}, { reset: false });
    try {
      const ask = (email: string) => own.client().post('/auth/initpwreset', { organizationId: s.orgId, email });
      await s.createUser({ email: 'bob@test.perch.local' });
      for (let i = 0; i < 3; i++) expect((await ask('bob@test.perch.local')).status).toBe(204);
      expect(await outboxCount()).toBe(2);
      // Ten requests per address and window in all: seven more pass, the next is refused.
      for (let i = 0; i < 7; i++) expect((await ask(`x${i}@test.perch.local`)).status).toBe(204);
      const err = await failure(ask('bob@test.perch.local'));
      expect(err.status).toBe(429);
      expect(err.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await own.close();
      // The shared counter of this address must not throttle the next tests.
      await s.deps.db.deleteFrom('rate_limit_hits').where('subject', 'like', 'pwreset:%').execute();
    }
  });

  it('refuses an expired link', async () => {
    await s.createUser({ email: 'cy@test.perch.local' });
    await requestReset('cy@test.perch.local');
    const [mail] = await smtp.waitFor(1);
    const id = linkId(mail!.link);
    await s.deps.db
      .updateTable('auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await statusOf(s.client().get(`/auth/pwreset/${id}`))).toBe(404);
    expect(await statusOf(s.client().post(`/auth/pwreset/${id}`, { password: NEW_PASSWORD }))).toBe(404);
    expect(await statusOf(s.signIn('cy@test.perch.local', NEW_PASSWORD))).toBe(400);
  });

  it("writes in the user's mail language, else in the organisation's", async () => {
    const id = await s.createUser({ email: 'dora@test.perch.local' });
    const dora = await s.signIn('dora@test.perch.local');
    await dora.put('/preference/mail_language', { value: 'de' });
    await s.admin.put(`/organization/${s.orgId}`, {
      name: 'Test Org',
      firstname: 'Org',
      lastname: 'Contact',
      email: 'contact@test.perch.local',
      language: 'fr',
    });
    await s.createUser({ email: 'eve@test.perch.local' });
    await requestReset('dora@test.perch.local');
    await requestReset('eve@test.perch.local');
    const [toDora] = await smtp.waitFor(1, { to: 'dora@test.perch.local' });
    const [toEve] = await smtp.waitFor(1, { to: 'eve@test.perch.local' });
    expect(toDora!.subject).toBe(de['password-reset'].subject);
    expect(toDora!.parsed.headers.get('content-language')).toBe('de');
    expect(toEve!.subject).toBe(fr['password-reset'].subject);
    expect(id).toBeTruthy();
  });

  it('is not available when password sign-in is disabled', async () => {
    const off = await startTestServer({ DISABLE_PASSWORD_LOGIN: '1' }, { reset: false, signIn: false });
    try {
      expect(await statusOf(off.client().post('/auth/initpwreset', { organizationId: s.orgId, email: 'a@b.cd' }))).toBe(
        404,
      );
    } finally {
      await off.close();
    }
  });
});

describe('invitations', () => {
  it('mails an invited user a link to choose a password, then the user signs in', async () => {
    const res = await s.admin.post('/user/', {
      email: 'new@test.perch.local',
      firstname: 'Nina',
      lastname: 'New',
      role: 0,
      sendInvitation: true,
    });
    const userId = res.objectId!;
    const [mail] = await smtp.waitFor(1, { to: 'new@test.perch.local' });
    expect(mail!.subject).toBe('You are invited to book desks at Test Org');
    expect(mail!.link).toMatch(/^https:\/\/perch\.example\.com\/ui\/setpw\/[0-9a-f-]{36}\/$/);
    const id = linkId(mail!.link);

    expect((await s.admin.get<{ passwordPending: boolean }>(`/user/${userId}`)).passwordPending).toBe(true);
    expect(await statusOf(s.signIn('new@test.perch.local', NEW_PASSWORD))).toBe(400);
    expect((await s.client().request('GET', `/auth/setpw/${id}`)).status).toBe(204);
    expect(await s.client().get<OneTimeLink>(`/auth/invitation/${id}`)).toEqual({
      email: 'new@test.perch.local',
      organizationId: s.orgId,
    });
    expect((await s.client().post(`/auth/setpw/${id}`, { password: NEW_PASSWORD })).status).toBe(204);
    const c = s.client();
    await login(c, { email: 'new@test.perch.local', password: NEW_PASSWORD, organizationId: s.orgId });
    expect((await s.admin.get<{ passwordPending: boolean }>(`/user/${userId}`)).passwordPending).toBe(false);
    expect(await statusOf(s.client().post(`/auth/setpw/${id}`, { password: NEW_PASSWORD }))).toBe(404);
  });

  it('answers 410 once the user has a password, 404 for unknown links', async () => {
    const userId = (await s.admin.post('/user/', { email: 'gil@test.perch.local', role: 0, sendInvitation: true }))
      .objectId!;
    const [mail] = await smtp.waitFor(1);
    const id = linkId(mail!.link);
    await s.admin.put(`/user/${userId}/password`, { password: TEST_PASSWORD });
    expect(await statusOf(s.client().request('GET', `/auth/setpw/${id}`))).toBe(410);
    expect(await statusOf(s.client().get(`/auth/invitation/${id}`))).toBe(410);
    expect(await statusOf(s.client().post(`/auth/setpw/${id}`, { password: NEW_PASSWORD }))).toBe(410);
    expect(await statusOf(s.client().request('GET', '/auth/setpw/00000000-0000-4000-8000-000000000000'))).toBe(404);
    expect(await statusOf(s.client().request('GET', '/auth/setpw/not-a-uuid'))).toBe(404);
  });

  it('resends an invitation (the earlier link stops working); a reset request re-invites too', async () => {
    const userId = (await s.admin.post('/user/', { email: 'hal@test.perch.local', role: 0, sendInvitation: true }))
      .objectId!;
    const [first] = await smtp.waitFor(1);
    expect((await s.admin.post(`/user/${userId}/invitation`)).status).toBe(204);
    const mails = await smtp.waitFor(2);
    expect(await statusOf(s.client().request('GET', `/auth/setpw/${linkId(first!.link)}`))).toBe(404);
    expect((await s.client().request('GET', `/auth/setpw/${linkId(mails[1]!.link)}`)).status).toBe(204);

    // "Forgot password" from an invited account that has no password: a new invitation.
    await requestReset('hal@test.perch.local');
    const third = (await smtp.waitFor(3))[2]!;
    expect(third.link).toContain('/ui/setpw/');
  });

  it('refuses to invite service accounts and users who have a password', async () => {
    expect(
      await statusOf(s.admin.post('/user/', { email: 'svc@test.perch.local', role: 22, sendInvitation: true })),
    ).toBe(400);
    const id = await s.createUser({ email: 'has@test.perch.local' });
    expect(await statusOf(s.admin.post(`/user/${id}/invitation`))).toBe(400);
    const user = await s.createUser({ email: 'plain@test.perch.local' });
    await s.createUser({ email: 'oa@test.perch.local', role: 20 });
    const oa = await s.signIn('oa@test.perch.local');
    const plainUser = await s.signIn('plain@test.perch.local');
    expect(await statusOf(plainUser.post(`/user/${user}/invitation`))).toBe(403);
    expect(await statusOf(oa.post('/user/00000000-0000-4000-8000-000000000000/invitation'))).toBe(404);
    expect(await outboxCount()).toBe(0);
  });

  it('an invitation set by PUT /user/{id} ends the sessions and mails the link', async () => {
    const id = await s.createUser({ email: 'ida@test.perch.local' });
    const ida = await s.signIn('ida@test.perch.local');
    await s.admin.put(`/user/${id}`, { email: 'ida@test.perch.local', role: 0, sendInvitation: true });
    expect(await statusOf(ida.get('/user/me'))).toBe(401);
    const [mail] = await smtp.waitFor(1, { to: 'ida@test.perch.local' });
    expect((await s.client().request('GET', `/auth/setpw/${linkId(mail!.link)}`)).status).toBe(204);
  });

  it('lists the mails in the outbox for org admins, without their bodies', async () => {
    await s.admin.post('/user/', { email: 'jo@test.perch.local', role: 0, sendInvitation: true });
    await smtp.waitFor(1);
    // The outbox row is marked sent right after the SMTP server accepted it.
    let box: MailOutbox;
    for (;;) {
      box = await s.admin.get<MailOutbox>('/mail-outbox/');
      if (box.counts.sent === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(box.deliveryConfigured).toBe(true);
    expect(box.items).toHaveLength(1);
    expect(box.items[0]).toMatchObject({ kind: 'invitation', recipient: 'jo@test.perch.local', status: 'sent' });
    expect(JSON.stringify(box)).not.toContain('/ui/setpw/');
    await s.createUser({ email: 'plain@test.perch.local' });
    expect(await statusOf((await s.signIn('plain@test.perch.local')).get('/mail-outbox/'))).toBe(403);
  });
});
