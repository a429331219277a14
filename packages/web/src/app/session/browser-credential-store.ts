import type { CredentialStore, StoredCredentials } from '@perch/client';
import { browserStorage } from './safe-storage';

const ACCESS_TOKEN = 'perch.accessToken';
const ACCESS_TOKEN_EXPIRY = 'perch.accessTokenExpiry';
const LOGOUT_URL = 'perch.logoutUrl';
const PROFILE_PAGE_URL = 'perch.profilePageUrl';
const REFRESH_TOKEN = 'perch.refreshToken';

/**
 * Keeps the short-lived access token in session storage (one tab, gone when the tab closes)
 * and the refresh token in local storage, so a new tab or a reload can start a fresh session
 * by refreshing. The sign-in provider's logout and profile URLs belong to the session,
 * not the tab: they live beside the refresh token, so signing out in any tab also ends the
 * provider's session. Where the browser refuses its storage (the team wiki's frame with
 * third-party storage blocked), both live in memory for as long as the page.
 */
export class BrowserCredentialStore implements CredentialStore {
  constructor(
    private readonly session: Storage = browserStorage('sessionStorage'),
    private readonly local: Storage = browserStorage('localStorage'),
  ) {}

  load(): StoredCredentials | null {
    const accessToken = this.session.getItem(ACCESS_TOKEN) ?? '';
    const refreshToken = this.local.getItem(REFRESH_TOKEN) ?? '';
    if (!accessToken && !refreshToken) return null;
    const expiry = Number(this.session.getItem(ACCESS_TOKEN_EXPIRY));
    const profilePageUrl = this.local.getItem(PROFILE_PAGE_URL);
    return {
      accessToken,
      // Without an access token the expiry is in the past, so the client refreshes first.
      accessTokenExpiry: accessToken && Number.isFinite(expiry) ? expiry : 0,
      refreshToken,
      logoutUrl: this.local.getItem(LOGOUT_URL) ?? '',
      ...(profilePageUrl ? { profilePageUrl } : {}),
    };
  }

  save(credentials: StoredCredentials): void {
    this.session.setItem(ACCESS_TOKEN, credentials.accessToken);
    this.session.setItem(ACCESS_TOKEN_EXPIRY, String(credentials.accessTokenExpiry));
    this.local.setItem(REFRESH_TOKEN, credentials.refreshToken);
    this.local.setItem(LOGOUT_URL, credentials.logoutUrl);
    if (credentials.profilePageUrl) this.local.setItem(PROFILE_PAGE_URL, credentials.profilePageUrl);
    else this.local.removeItem(PROFILE_PAGE_URL);
  }

  clear(): void {
    for (const key of [ACCESS_TOKEN, ACCESS_TOKEN_EXPIRY]) this.session.removeItem(key);
    for (const key of [REFRESH_TOKEN, LOGOUT_URL, PROFILE_PAGE_URL]) this.local.removeItem(key);
  }

  /** True when only the refresh token survived (a new tab or a reload after the tab closed). */
  needsRefresh(): boolean {
    return !this.session.getItem(ACCESS_TOKEN) && Boolean(this.local.getItem(REFRESH_TOKEN));
  }
}
