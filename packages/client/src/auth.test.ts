import { describe, expect, it } from 'vitest';
import { loginWithSecondFactor, secondFactorRequest } from './auth.js';
import { PerchClient } from './client.js';
import { ApiError } from './errors.js';

const BODY = {
  email: 'ada@example.com',
  password: 'Secret!pass1',
  organizationId: '4b812f52-4a84-428e-ad6e-72ee9270c3f4',
};
const CHALLENGE = {
  requirePasskey: true,
  stateId: '5f0c8a43-2d43-4d6b-9d2f-5b2a6b0b7c11',
  passkeyChallenge: { publicKey: { challenge: 'abc' } },
  allowTotpFallback: true,
};

function answering(status: number, body: unknown, headers: Record<string, string> = {}): PerchClient {
  return new PerchClient({
    baseUrl: 'http://perch.test',
    fetch: async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  });
}

describe('a password sign-in that asks for a second factor', () => {
  it('reads a 401 with the passkey challenge as a request for the passkey', async () => {
    const client = answering(401, CHALLENGE);
    await expect(loginWithSecondFactor(client, BODY)).resolves.toEqual({
      status: 'passkeyRequired',
      challenge: CHALLENGE,
    });
    expect(client.signedIn).toBe(false);
  });

  it('reads any other 401 without an application code as a request for a TOTP code', async () => {
    await expect(loginWithSecondFactor(answering(401, undefined), BODY)).resolves.toEqual({ status: 'totpRequired' });
    await expect(loginWithSecondFactor(answering(401, { message: 'code' }), BODY)).resolves.toEqual({
      status: 'totpRequired',
    });
  });

  it('still throws a required password change, wrong credentials and throttling', async () => {
    await expect(loginWithSecondFactor(answering(401, {}, { 'x-error-code': '5001' }), BODY)).rejects.toMatchObject({
      status: 401,
      appCode: 5001,
    });
    await expect(loginWithSecondFactor(answering(400, {}), BODY)).rejects.toBeInstanceOf(ApiError);
    await expect(loginWithSecondFactor(answering(429, {}, { 'retry-after': '30' }), BODY)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 30,
    });
  });

  it('signs in and keeps the credentials when no second factor is needed', async () => {
    const client = answering(200, {
      accessToken: 'a',
      refreshToken: 'r',
      accessTokenExpiry: Date.now() + 60_000,
      logoutUrl: '',
      profilePageUrl: '',
    });
    await expect(loginWithSecondFactor(client, { ...BODY, code: '123456' })).resolves.toMatchObject({
      status: 'signedIn',
    });
    expect(client.signedIn).toBe(true);
  });

  it('ignores failures that are not a refused sign-in', () => {
    expect(secondFactorRequest(new Error('boom'))).toBeNull();
    expect(secondFactorRequest(new ApiError(401, 0, 'refresh failed', undefined, null, true))).toBeNull();
  });
});
