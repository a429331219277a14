import type { CredentialStore, StoredCredentials } from '@perch/client';

const ACCESS_TOKEN = 'perch.accessToken';
const ACCESS_TOKEN_EXPIRY = 'perch.accessTokenExpiry';
const LOGOUT_URL = 'perch.logoutUrl';
const REFRESH_TOKEN = 'perch.refreshToken';

/**
 * Keeps the short-lived access token in session storage (one tab, gone when the tab closes)
 * and the refresh token in local storage, so a new tab or a reload can start a fresh session
 * by refreshing (SPEC §4).
 */
export class BrowserCredentialStore implements CredentialStore {
  constructor(
    private readonly session: Storage = window.sessionStorage,
    private readonly local: Storage = window.localStorage,
  ) {}

  load(): StoredCredentials | null {
    const accessToken = this.session.getItem(ACCESS_TOKEN) ?? '';
    const refreshToken = this.local.getItem(REFRESH_TOKEN) ?? '';
    if (!accessToken && !refreshToken) return null;
    const expiry = Number(this.session.getItem(ACCESS_TOKEN_EXPIRY));
    return {
      accessToken,
      // Without an access token the expiry is in the past, so the client refreshes first.
      accessTokenExpiry: accessToken && Number.isFinite(expiry) ? expiry : 0,
      refreshToken,
      logoutUrl: this.session.getItem(LOGOUT_URL) ?? '',
    };
  }

  save(credentials: StoredCredentials): void {
    this.session.setItem(ACCESS_TOKEN, credentials.accessToken);
    this.session.setItem(ACCESS_TOKEN_EXPIRY, String(credentials.accessTokenExpiry));
    this.session.setItem(LOGOUT_URL, credentials.logoutUrl);
    this.local.setItem(REFRESH_TOKEN, credentials.refreshToken);
  }

  clear(): void {
    for (const key of [ACCESS_TOKEN, ACCESS_TOKEN_EXPIRY, LOGOUT_URL]) this.session.removeItem(key);
    this.local.removeItem(REFRESH_TOKEN);
  }

  /** True when only the refresh token survived (a new tab or a reload after the tab closed). */
  needsRefresh(): boolean {
    return !this.session.getItem(ACCESS_TOKEN) && Boolean(this.local.getItem(REFRESH_TOKEN));
  }
}
