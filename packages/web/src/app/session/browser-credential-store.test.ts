import { describe, expect, it } from 'vitest';
import { BrowserCredentialStore } from './browser-credential-store';

const credentials = {
  accessToken: 'a',
  accessTokenExpiry: 1_900_000_000_000,
  refreshToken: 'r',
  logoutUrl: 'https://idp',
};

describe('BrowserCredentialStore', () => {
  it('keeps the access token per tab and the refresh token across tabs', () => {
    new BrowserCredentialStore().save(credentials);
    expect(sessionStorage.getItem('perch.accessToken')).toBe('a');
    expect(localStorage.getItem('perch.refreshToken')).toBe('r');
    expect(localStorage.getItem('perch.accessToken')).toBeNull();
    expect(new BrowserCredentialStore().load()).toEqual(credentials);
  });

  it('reports a refresh is needed when only the refresh token survived', () => {
    const store = new BrowserCredentialStore();
    store.save(credentials);
    sessionStorage.clear();
    expect(store.needsRefresh()).toBe(true);
    expect(store.load()).toEqual({
      accessToken: '',
      accessTokenExpiry: 0,
      refreshToken: 'r',
      logoutUrl: 'https://idp',
    });
  });

  it("keeps the provider's logout and profile URLs with the refresh token, so every tab finds them", () => {
    const store = new BrowserCredentialStore();
    store.save({ ...credentials, profilePageUrl: 'https://idp/me' });
    sessionStorage.clear();
    expect(localStorage.getItem('perch.logoutUrl')).toBe('https://idp');
    expect(store.load()).toMatchObject({ logoutUrl: 'https://idp', profilePageUrl: 'https://idp/me' });
    store.save({ ...credentials, logoutUrl: '' });
    expect(store.load()).toEqual({ ...credentials, logoutUrl: '' });
  });

  it('has nothing to load when signed out, and clear removes everything', () => {
    const store = new BrowserCredentialStore();
    expect(store.load()).toBeNull();
    store.save(credentials);
    store.clear();
    expect(store.load()).toBeNull();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });
});
