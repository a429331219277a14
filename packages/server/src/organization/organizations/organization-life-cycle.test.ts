import type { Organization } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';

/** Contact-email verification and organisation deletion, with the mails as a real SMTP server gets them. */
let s: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  s = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2', PUBLIC_URL: 'http://perch.test:8080' });
});
afterAll(async () => {
  await s.close();
  await smtp.stop();
});
beforeEach(async () => {
  await s.reset();
  smtp.mails.length = 0;
});

const acme = { name: 'Acme Corp', firstname: 'Wile', lastname: 'Coyote', email: 'wile@acme.example', language: 'en' };
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const deletionLink = (link: string | undefined) =>
  /\/ui\/admin\/organizations\/delete\/([0-9a-f-]{36})\/$/.exec(link ?? '')?.[1] ?? '';

async function orgAdmin(orgId = s.orgId, email = 'oa@test.perch.local') {
  await s.createUser({ email, role: 20, organizationId: orgId });
  return s.signIn(email, TEST_PASSWORD, orgId);
}

describe('contact email', () => {
  it("an org admin's new contact email waits for the code mailed to it", async () => {
    const oa = await orgAdmin();
    const before = await oa.get<Organization>(`/organization/${s.orgId}`);
    const res = await oa.put<{ verifyUuid: string }>(`/organization/${s.orgId}`, {
      ...acme,
      name: 'Renamed Org',
      email: 'new-contact@test.perch.local',
    });
    expect(res.data.verifyUuid).toMatch(/^[0-9a-f-]{36}$/);
    const org = await oa.get<Organization>(`/organization/${s.orgId}`);
    // Everything else changed at once; the email waits.
    expect(org).toMatchObject({ name: 'Renamed Org', firstname: 'Wile', email: before.email });

    const [mail] = await smtp.waitFor(1, { to: 'new-contact@test.perch.local' });
    const code = codeIn(mail!.subject);
    expect(mail!.text).toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (c: string, uuid = res.data.verifyUuid) =>
      oa.post(`/organization/${s.orgId}/verifyemail/${uuid}`, { code: c });
    expect(await statusOf(verify(wrong))).toBe(404);
    expect(await statusOf(verify('12345'))).toBe(400);
    expect((await verify(code)).status).toBe(204);
    expect((await oa.get<Organization>(`/organization/${s.orgId}`)).email).toBe('new-contact@test.perch.local');
    // Used once.
    expect(await statusOf(verify(code))).toBe(404);
  });

  it('five wrong codes end the change; a super admin changes the email directly', async () => {
    const oa = await orgAdmin();
    const { data } = await oa.put<{ verifyUuid: string }>(`/organization/${s.orgId}`, {
      ...acme,
      email: 'x@test.perch.local',
    });
    const [mail] = await smtp.waitFor(1);
    const code = codeIn(mail!.subject);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      expect(await statusOf(oa.post(`/organization/${s.orgId}/verifyemail/${data.verifyUuid}`, { code: wrong }))).toBe(
        404,
      );
    expect(await statusOf(oa.post(`/organization/${s.orgId}/verifyemail/${data.verifyUuid}`, { code }))).toBe(404);

    const direct = await s.admin.put<{ verifyUuid: string }>(`/organization/${s.orgId}`, {
      ...acme,
      email: 'direct@test.perch.local',
    });
    expect(direct.data.verifyUuid).toBe('');
    expect((await s.admin.get<Organization>(`/organization/${s.orgId}`)).email).toBe('direct@test.perch.local');
    expect(smtp.mails).toHaveLength(1);
  });

  it("another organisation's pending change cannot be confirmed", async () => {
    const other = (await s.admin.post('/organization/', acme)).objectId!;
    const oaOther = await orgAdmin(other, 'boss@acme.example');
    const { data } = await oaOther.put<{ verifyUuid: string }>(`/organization/${other}`, {
      ...acme,
      email: 'y@acme.example',
    });
    const [mail] = await smtp.waitFor(1);
    const oa = await orgAdmin();
    const code = codeIn(mail!.subject);
    expect(await statusOf(oa.post(`/organization/${s.orgId}/verifyemail/${data.verifyUuid}`, { code }))).toBe(404);
    expect(await statusOf(oa.post(`/organization/${other}/verifyemail/${data.verifyUuid}`, { code }))).toBe(404);
  });
});

describe('deleting an organisation', () => {
  it('takes the code shown to the super admin and the link mailed to them, then removes everything', async () => {
    const id = (await s.admin.post('/organization/', acme)).objectId!;
    await s.admin.post(`/organization/${id}/domain/acme.example`);
    await s.createUser({ email: 'member@acme.example', organizationId: id });
    const { data } = await s.admin.request<{ code: string }>('DELETE', `/organization/${id}`);
    const [mail] = await smtp.waitFor(1, { to: 'admin@perch.test' });
    expect(mail!.subject).toBe('Confirm the deletion of Acme Corp');
    expect(mail!.link).toMatch(/^http:\/\/perch\.test:8080\/ui\/admin\/organizations\/delete\/[0-9a-f-]{36}\/$/);
    // The code is not in the mail: it takes both the mailbox and the session that asked.
    expect(mail!.text).not.toContain(data.code);
    const linkId = deletionLink(mail!.link);

    // Until confirmed, nothing is gone.
    expect(await statusOf(s.signIn('member@acme.example', TEST_PASSWORD, id))).toBe(200);
    const wrong = data.code === '000000' ? '111111' : '000000';
    expect(await statusOf(s.client().post(`/organization/deleteorg/${linkId}`, { code: wrong }))).toBe(404);
    expect((await s.client().post(`/organization/deleteorg/${linkId}`, { code: data.code })).status).toBe(204);

    expect(await statusOf(s.admin.get(`/organization/${id}`))).toBe(404);
    expect(await statusOf(s.signIn('member@acme.example', TEST_PASSWORD, id))).toBe(400);
    expect((await fetch(`${s.url}/auth/org/acme.example`)).status).toBe(404);
    const users = await s.deps.db.selectFrom('users').select('id').where('organization_id', '=', id).execute();
    expect(users).toEqual([]);
    expect(await statusOf(s.client().post(`/organization/deleteorg/${linkId}`, { code: data.code }))).toBe(404);
  });

  it('org admins may ask only when ALLOW_ORG_DELETE is on; a super admin never for their own', async () => {
    const oa = await orgAdmin();
    expect(await statusOf(oa.request('DELETE', `/organization/${s.orgId}`))).toBe(403);
    expect(await statusOf(s.admin.request('DELETE', `/organization/${s.orgId}`))).toBe(403);
    expect(smtp.mails).toHaveLength(0);
    const rows = await s.deps.db.selectFrom('auth_states').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('with ALLOW_ORG_DELETE an org admin deletes their own organisation through the mail', async () => {
    const allow = await startTestServer(
      { ...smtp.env, ALLOW_ORG_DELETE: '1', MAIL_POLL_SECONDS: '0.2' },
      { reset: false },
    );
    try {
      const id = (await allow.admin.post('/organization/', acme)).objectId!;
      await allow.createUser({ email: 'boss@acme.example', role: 20, organizationId: id });
      const boss = await allow.signIn('boss@acme.example', TEST_PASSWORD, id);
      const { data } = await boss.request<{ code: string }>('DELETE', `/organization/${id}`);
      const [mail] = await smtp.waitFor(1, { to: 'boss@acme.example' });
      const linkId = deletionLink(mail!.link);
      expect((await allow.client().post(`/organization/deleteorg/${linkId}`, { code: data.code })).status).toBe(204);
      expect(await statusOf(boss.get('/user/me'))).toBe(401);
      // The same request against a server without ALLOW_ORG_DELETE would have been refused.
      const id2 = (await allow.admin.post('/organization/', { ...acme, name: 'Acme Two' })).objectId!;
      await allow.createUser({ email: 'boss2@acme.example', role: 20, organizationId: id2 });
      const boss2 = await allow.signIn('boss2@acme.example', TEST_PASSWORD, id2);
      const second = await boss2.request<{ code: string }>('DELETE', `/organization/${id2}`);
      const [mail2] = await smtp.waitFor(1, { to: 'boss2@acme.example' });
      expect(
        await statusOf(
          s.client().post(`/organization/deleteorg/${deletionLink(mail2!.link)}`, { code: second.data.code }),
        ),
      ).toBe(404);
    } finally {
      await allow.close();
    }
  });
});
