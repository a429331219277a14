import { describe, expect, it } from 'vitest';
import { verifyProviderSignIn } from './auth.js';
import { PerchClient } from './client.js';

const TICKET = '9a6a2b5e-1a1f-4f43-9a51-0f3c8cbd0c11';

describe('a sign-in through a provider', () => {
  it('redeems the ticket and keeps the provider’s logout and profile URLs across a refresh', async () => {
    const seen: string[] = [];
    const client = new PerchClient({
      baseUrl: 'http://perch.test',
      fetch: async (input) => {
        const path = new URL(String(input)).pathname;
        seen.push(path);
        const body =
          path === '/auth/refresh'
            ? { accessToken: 'a2', refreshToken: 'r2', logoutUrl: '', profilePageUrl: '' }
            : {
                accessToken: 'a1',
                refreshToken: 'r1',
                accessTokenExpiry: Date.now() + 60_000,
                logoutUrl: 'https://idp.example/logout',
                profilePageUrl: 'https://idp.example/me',
              };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await verifyProviderSignIn(client, TICKET);
    expect(seen).toEqual([`/auth/verify/${TICKET}`]);
    expect(client.store.load()).toMatchObject({
      accessToken: 'a1',
      logoutUrl: 'https://idp.example/logout',
      profilePageUrl: 'https://idp.example/me',
    });
    await client.refresh();
    expect(client.store.load()).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      logoutUrl: 'https://idp.example/logout',
      profilePageUrl: 'https://idp.example/me',
    });
  });
});
