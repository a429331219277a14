import type {
  Credentials,
  LoginRequest,
  PasskeyRequired,
  Preflight,
  TicketSecondFactor,
  UserMe,
  WebAuthnChallenge,
} from '@perch/contract';
import { routes } from '@perch/contract/values';
import type { CallInput } from './call-types.js';
import type { PerchClient } from './client.js';
import { ApiError } from './errors.js';

/** Sign-in calls shared by the web app, the tests and scripts. */
export async function preflight(client: PerchClient, email: string): Promise<Preflight> {
  return client.call(routes.auth.preflight, { body: { email } });
}

export async function singleOrg(client: PerchClient): Promise<Preflight> {
  return client.call(routes.auth.singleOrg);
}

export async function login(client: PerchClient, req: LoginRequest): Promise<Credentials> {
  const credentials = await client.call(routes.auth.login, { body: req });
  client.acceptCredentials(credentials);
  return credentials;
}

/**
 * What a password sign-in led to: signed in (the credentials are stored), or the account's
 * second factor is needed first and nothing is stored yet.
 */
export type LoginResult =
  | { status: 'signedIn'; credentials: Credentials }
  /** The account has TOTP: send the login again with `code` (an authenticator or recovery code). */
  | { status: 'totpRequired' }
  /** The account has passkeys: sign `challenge.passkeyChallenge` and send the login again with the assertion. */
  | { status: 'passkeyRequired'; challenge: PasskeyRequired };

/** The second factor a password sign-in asks for before it stores any credentials. */
export type SecondFactorRequest = Exclude<LoginResult, { status: 'signedIn' }>;

function isPasskeyRequired(body: unknown): body is PasskeyRequired {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    b.requirePasskey === true &&
    typeof b.stateId === 'string' &&
    typeof b.passkeyChallenge === 'object' &&
    b.passkeyChallenge !== null
  );
}

/**
 * The second factor a refused `POST /auth/login` asks for, or null when the refusal was something
 * else. The server answers 401 without an application code for both: with the passkey challenge
 * as JSON, or without it when a TOTP code is needed.
 */
export function secondFactorRequest(error: unknown): SecondFactorRequest | null {
  if (!(error instanceof ApiError) || error.status !== 401 || error.appCode !== 0 || error.temporary) return null;
  if (isPasskeyRequired(error.body)) return { status: 'passkeyRequired', challenge: error.body };
  return { status: 'totpRequired' };
}

/**
 * Signs in with a password and, when the request carries one, a second factor (`code`, or
 * `passkeyStateId` with `passkeyCredential`). A request for a second factor is an answer here,
 * not an error; every other refusal still throws an `ApiError`.
 */
export async function loginWithSecondFactor(client: PerchClient, req: LoginRequest): Promise<LoginResult> {
  try {
    return { status: 'signedIn', credentials: await login(client, req) };
  } catch (e) {
    const request = secondFactorRequest(e);
    if (request) return request;
    throw e;
  }
}

/** Starts a sign-in with a passkey alone (discoverable credential): the options for the browser. */
export async function beginPasskeyLogin(client: PerchClient, organizationId: string): Promise<WebAuthnChallenge> {
  return client.call(routes.passkey.loginBegin, { body: { organizationId } });
}

/** Finishes a passkey sign-in with the browser's assertion and stores the credentials. */
export async function finishPasskeyLogin(
  client: PerchClient,
  req: CallInput<typeof routes.passkey.loginFinish>['body'],
): Promise<Credentials> {
  const credentials = await client.call(routes.passkey.loginFinish, { body: req });
  client.acceptCredentials(credentials);
  return credentials;
}

export async function updatePasswordAndLogin(
  client: PerchClient,
  req: LoginRequest & { newPassword: string },
): Promise<Credentials> {
  const credentials = await client.call(routes.auth.updatePassword, { body: req });
  client.acceptCredentials(credentials);
  return credentials;
}

/**
 * Redeems the ticket a provider sign-in ended with (`/ui/login/success/<ticket>/`) and keeps the
 * credentials, with the provider's logout and profile URLs.
 */
export async function verifyProviderSignIn(client: PerchClient, ticket: string): Promise<Credentials> {
  const credentials = await client.call(routes.auth.verify, { params: { id: ticket } });
  client.acceptCredentials(credentials);
  return credentials;
}

/**
 * Redeems a provider's or the wiki's ticket, with the account's second factor when it has one and
 * an earlier try asked for it (`factor` then carries the code or the passkey answer). A request for
 * a second factor is an answer here, as for `loginWithSecondFactor`; credentials are kept once
 * signed in.
 */
export async function verifyTicketWithSecondFactor(
  client: PerchClient,
  ticket: string,
  factor?: TicketSecondFactor,
): Promise<LoginResult> {
  try {
    const credentials = factor
      ? await client.call(routes.auth.verifySecondFactor, { params: { id: ticket }, body: factor })
      : await client.call(routes.auth.verify, { params: { id: ticket } });
    client.acceptCredentials(credentials);
    return { status: 'signedIn', credentials };
  } catch (e) {
    const request = secondFactorRequest(e);
    if (request) return request;
    throw e;
  }
}

/** Ends the session on the server (best effort) and forgets the credentials. */
export async function logout(client: PerchClient, where: 'current' | 'all' | string = 'current'): Promise<void> {
  try {
    await client.call(routes.auth.logout, { params: { where } });
  } finally {
    if (where === 'current' || where === 'all') client.clearCredentials();
  }
}

export async function me(client: PerchClient): Promise<UserMe> {
  return client.call(routes.user.me);
}
