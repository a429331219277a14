import type { AuthAttempt, AuthAttemptList, User } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure } from '../../test-support/http.js';
import { createProvider, endOf, follow, TEST_PUBLIC_URL, verifyTicket } from '../../test-support/provider-sign-in.js';
import { TestSamlIdp } from '../../test-support/saml-idp.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * SAML 2.0 sign-in against a real identity provider process (test-support/saml-idp): the
 * AuthnRequest by redirect, the signed response posted back, the checks of signature,
 * audience, issuer, validity and InResponseTo, and Perch's service-provider metadata.
 */
let s: TestServer;
let idp: TestSamlIdp;

beforeAll(async () => {
  idp = await TestSamlIdp.start();
  s = await startTestServer({ PUBLIC_URL: TEST_PUBLIC_URL });
});
afterAll(async () => {
  await s.close();
  await idp.stop();
});
beforeEach(() => s.reset());

const samlProvider = (extra: Record<string, unknown> = {}) =>
  createProvider(s, {
    name: 'Company SAML',
    providerType: 2,
    authUrl: idp.ssoUrl,
    issuer: idp.entityId,
    idpCertificate: TestSamlIdp.certificate(),
    userInfoEmailField: 'email',
    userInfoFirstnameField: 'givenName',
    userInfoLastnameField: 'sn',
    ...extra,
  });

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';

/** The IdP's answer to a sign-in started at Perch: where it posts, and what. */
async function idpAnswer(providerId: string, form: Record<string, string> = {}) {
  const start = await follow(s, `${s.url}/auth/${providerId}/login/ui/?redir=/search`);
  expect(start.status).toBe(307);
  const loginPage = await follow(s, start.location);
  expect(loginPage.status).toBe(200);
  const posted = await follow(s, `${idp.url}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      SAMLRequest: hidden(loginPage.body, 'SAMLRequest'),
      RelayState: hidden(loginPage.body, 'RelayState'),
      email: 'Fox@Example.com',
      firstname: 'Fox',
      lastname: 'Mulder',
      ...form,
    }).toString(),
  });
  const action = /<form method="post" action="([^"]+)"/.exec(posted.body)?.[1] ?? '';
  return {
    action: action.replace(/&amp;/g, '&'),
    SAMLResponse: hidden(posted.body, 'SAMLResponse'),
    RelayState: hidden(posted.body, 'RelayState'),
  };
}

const postToPerch = (answer: { action: string; SAMLResponse: string; RelayState: string }) =>
  follow(s, answer.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }).toString(),
  });

async function lastAttempt(): Promise<AuthAttempt> {
  return (await s.admin.get<AuthAttemptList>('/auth-attempt/')).items[0]!;
}

describe('SAML sign-in', () => {
  it('publishes service-provider metadata with the entity ID and the assertion consumer URL', async () => {
    const p = await samlProvider();
    expect(p.samlMetadataUrl).toBe(`${TEST_PUBLIC_URL}/auth/${p.id}/saml/metadata`);
    const res = await follow(s, `${s.url}/auth/${p.id}/saml/metadata`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`entityID="${p.samlMetadataUrl}"`);
    expect(res.body).toContain(`Location="${p.redirectUri}"`);
    expect(res.body).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect((await follow(s, `${s.url}/auth/00000000-0000-4000-8000-000000000000/saml/metadata`)).status).toBe(404);
  });

  it.each(['assertion', 'response'])(
    'signs a person in from a response with a signed %s, creating the account',
    async (sign) => {
      const p = await samlProvider();
      const answer = await idpAnswer(p.id, { sign });
      expect(answer.action).toBe(p.redirectUri);
      const back = await postToPerch(answer);
      expect(back.status).toBe(303);
      const end = endOf(back.location);
      expect(end.ticket, back.location).toBeDefined();
      expect(new URL(end.location).searchParams.get('redir')).toBe('/search');
      expect((await verifyTicket(s, end.ticket!)).accessToken).toMatch(/^eyJ/);
      const fox = (await s.admin.get<User[]>('/user/')).find((u) => u.email === 'fox@example.com');
      expect(fox).toMatchObject({ firstname: 'Fox', lastname: 'Mulder', authProviderId: p.id });
      expect(await lastAttempt()).toMatchObject({ successful: true, method: 'saml' });
    },
  );

  it('maps the NameID when the email field says so', async () => {
    const p = await samlProvider({
      userInfoEmailField: 'nameID',
      userInfoFirstnameField: '',
      userInfoLastnameField: '',
    });
    const end = endOf((await postToPerch(await idpAnswer(p.id))).location);
    expect(end.ticket).toBeDefined();
  });

  it.each([
    ['unsigned', 'unsigned'],
    ['changed after signing', 'tampered'],
    ['signed with a key Perch does not trust', 'other-key'],
    ['for another audience', 'wrong-audience'],
    ['from another issuer', 'wrong-issuer'],
    ['expired', 'expired'],
    ['answering no request of Perch', 'no-in-response-to'],
  ])('refuses a response %s and creates nobody', async (_what, defect) => {
    const p = await samlProvider();
    const back = await postToPerch(await idpAnswer(p.id, { defect }));
    expect(back.status).toBe(303);
    expect(endOf(back.location).failed?.get('reason')).toBe('userinfo');
    expect(await lastAttempt()).toMatchObject({ successful: false, errorCode: 'idp_userinfo_failed', method: 'saml' });
    const users = await s.admin.get<User[]>('/user/');
    expect(users.some((u) => u.email === 'fox@example.com' || u.email === 'mallory@example.com')).toBe(false);
  });

  it('refuses a replayed response, a response without its state and one posted to another provider', async () => {
    const p = await samlProvider();
    const other = await samlProvider({ name: 'Other SAML' });
    const answer = await idpAnswer(p.id);
    expect(endOf((await postToPerch(answer)).location).ticket).toBeDefined();
    expect(endOf((await postToPerch(answer)).location).failed?.get('reason')).toBe('expired');

    const second = await idpAnswer(p.id);
    expect(endOf((await postToPerch({ ...second, RelayState: '' })).location).failed?.get('reason')).toBe('expired');
    const third = await idpAnswer(p.id);
    const elsewhere = { ...third, action: third.action.replace(p.id, other.id) };
    expect(endOf((await postToPerch(elsewhere)).location).failed?.get('reason')).toBe('expired');
  });

  it('answers 400 to a post that is no SAML response and 415 to JSON', async () => {
    const p = await samlProvider();
    const empty = await follow(s, `${s.url}/auth/${p.id}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'RelayState=x',
    });
    expect(empty.status).toBe(400);
    const json = await follow(s, `${s.url}/auth/${p.id}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"SAMLResponse":"x"}',
    });
    expect(json.status).toBe(415);
    const garbage = await idpAnswer(p.id);
    const back = await postToPerch({ ...garbage, SAMLResponse: Buffer.from('<not-saml/>').toString('base64') });
    expect(endOf(back.location).failed?.get('reason')).toBe('userinfo');
  });

  it('refuses an unknown provider and the OAuth callback for a SAML provider', async () => {
    const p = await samlProvider();
    expect((await follow(s, `${s.url}/auth/${p.id}/callback?state=x&code=y`)).status).toBe(404);
    expect((await failure(s.client().get(`/auth/verify/${p.id}`))).status).toBe(404);
  });
});

describe('SAML provider settings', () => {
  it('needs a valid certificate and accepts the bare base64 many providers show', async () => {
    const bad = await failure(
      s.admin.post('/auth-provider/', {
        name: 'Broken',
        providerType: 2,
        authUrl: idp.ssoUrl,
        userInfoEmailField: 'email',
        idpCertificate: 'not a certificate',
      }),
    );
    expect(bad.status).toBe(400);
    const bare = TestSamlIdp.certificate().replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    const p = await samlProvider({ idpCertificate: bare });
    expect(p.idpCertificate).toBe(TestSamlIdp.certificate().replace(/\r/g, ''));
    expect(p).toMatchObject({ clientId: '', tokenUrl: '', scopes: '' });
  });
});
