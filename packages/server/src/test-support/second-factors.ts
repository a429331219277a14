import { login, PerchClient, type ApiError } from '@perch/client';
import { routes, type Passkey, type PasskeyRequired, type TotpSetup, type WebAuthnChallenge } from '@perch/contract';
import { totpCodeAt } from '../identity/second-factors/totp.js';
import { rawRequest } from './http.js';
import type { TestServer } from './server.js';
import { SoftwareAuthenticator } from './webauthn-authenticator.js';

/**
 * Second factors in tests: clients whose requests carry the organisation's domain as `Host`
 * (passkeys belong to the primary domain, while the test server listens on 127.0.0.1), TOTP set
 * up through the API, and passkeys registered with a software authenticator.
 */

/** A fetch that sends every request with this `Host` header (fetch itself refuses to set it). */
export function fetchWithHost(host: string): typeof fetch {
  return async (input, init) => {
    const url = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
    const headers: Record<string, string> = { ...(init?.headers as Record<string, string> | undefined), host };
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const res = await rawRequest(url, { method: init?.method ?? 'GET', headers, body });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, value);
    const empty = [101, 204, 205, 304].includes(res.status);
    return new Response(empty ? null : res.body, { status: res.status, headers: out });
  };
}

/** Where a browser would be: the organisation's domain with the test server's port. */
export interface Site {
  /** `Host` header value, e.g. `test.perch.local:41234`. */
  host: string;
  /** The browser's origin, e.g. `http://test.perch.local:41234`. */
  origin: string;
}

export function siteOf(s: TestServer, domain = 'test.perch.local'): Site {
  const port = new URL(s.url).port;
  return { host: `${domain}:${port}`, origin: `http://${domain}:${port}` };
}

/** A signed-out client that talks to the test server as if it were on `site`. */
export const clientOn = (s: TestServer, site: Site): PerchClient =>
  new PerchClient({ baseUrl: s.url, fetch: fetchWithHost(site.host) });

/** Signs in on `site` (password only) and returns the client. */
export async function signInOn(
  s: TestServer,
  site: Site,
  email: string,
  password: string,
  orgId = s.orgId,
): Promise<PerchClient> {
  const c = clientOn(s, site);
  await login(c, { email, password, organizationId: orgId });
  return c;
}

/** Registers a passkey through the API with the software authenticator; returns it as listed. */
export async function registerPasskey(
  client: PerchClient,
  authenticator: SoftwareAuthenticator,
  site: Site,
  name = 'Laptop',
): Promise<Omit<Passkey, 'lastUsedAt'>> {
  const begun = await client.call(routes.passkey.registrationBegin);
  const credential = authenticator.create(begun.challenge, site.origin);
  return client.call(routes.passkey.registrationFinish, {
    body: { stateId: begun.stateId, name, credential: credential as never },
  });
}

/** Starts a passkey sign-in and signs its challenge; the body for `/auth/passkey/login/finish`. */
export async function passkeyLoginAnswer(
  client: PerchClient,
  authenticator: SoftwareAuthenticator,
  site: Site,
  orgId: string,
): Promise<{ stateId: string; credential: Record<string, unknown> }> {
  const begun: WebAuthnChallenge = await client.call(routes.passkey.loginBegin, { body: { organizationId: orgId } });
  return { stateId: begun.stateId, credential: authenticator.get(begun.challenge, site.origin) };
}

/** Turns TOTP on for the client's user; returns the secret (base32), for making codes. */
export async function enableTotp(client: PerchClient): Promise<string> {
  const setup: TotpSetup = await client.call(routes.totp.generate);
  const { secret } = await client.call(routes.totp.secret, { params: { id: setup.stateId } });
  await client.call(routes.totp.validate, { body: { stateId: setup.stateId, code: await codeAt(secret, 0) } });
  return secret;
}

/** The code of `secret` `steps` periods from now (negative: earlier). */
export const codeAt = (secret: string, steps: number): Promise<string> =>
  totpCodeAt(secret, Math.floor(Date.now() / 1000) + steps * 30);

/** One of each second-factor object a user can have, by kind (for the tenant-isolation matrix). */
export interface SecondFactorObjects {
  passkey: string;
  totpEnrolment: string;
  passkeyRegistration: string;
  passkeyLogin: string;
  passkeySecondFactor: string;
}

/**
 * Gives a user (password `TEST_PASSWORD`) a passkey named `passkeyName`, a TOTP setup and a
 * passkey registration under way, and starts a passkey sign-in of the organisation and a password
 * sign-in of the user that asks for the passkey. `domain` must be the organisation's primary one.
 */
export async function secondFactorObjects(
  s: TestServer,
  o: { orgId: string; domain: string; email: string; password: string; passkeyName: string },
): Promise<SecondFactorObjects> {
  const site = siteOf(s, o.domain);
  const c = await signInOn(s, site, o.email, o.password, o.orgId);
  const passkey = (await registerPasskey(c, new SoftwareAuthenticator(), site, o.passkeyName)).id;
  const totpEnrolment = (await c.call(routes.totp.generate)).stateId;
  const passkeyRegistration = (await c.call(routes.passkey.registrationBegin)).stateId;
  const passkeyLogin = (await clientOn(s, site).call(routes.passkey.loginBegin, { body: { organizationId: o.orgId } }))
    .stateId;
  let passkeySecondFactor = '';
  try {
    await login(clientOn(s, site), { email: o.email, password: o.password, organizationId: o.orgId });
  } catch (e) {
    passkeySecondFactor = ((e as ApiError).body as PasskeyRequired).stateId;
  }
  if (!passkeySecondFactor) throw new Error('the password sign-in did not ask for the passkey');
  return { passkey, totpEnrolment, passkeyRegistration, passkeyLogin, passkeySecondFactor };
}
