/** What the client keeps between requests. */
export interface StoredCredentials {
  accessToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiry: number;
  refreshToken: string;
  logoutUrl: string;
  /** The sign-in provider's account page for the user ('' or absent: none). */
  profilePageUrl?: string;
}

/** Where credentials live: memory for scripts and tests, browser storage in the web app. */
export interface CredentialStore {
  load(): StoredCredentials | null;
  save(credentials: StoredCredentials): void;
  clear(): void;
}

export class MemoryCredentialStore implements CredentialStore {
  private value: StoredCredentials | null = null;
  load() {
    return this.value;
  }
  save(c: StoredCredentials) {
    this.value = { ...c };
  }
  clear() {
    this.value = null;
  }
}

/** The expiry claimed inside a JWT, in epoch milliseconds, or null if it cannot be read. */
export function jwtExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = JSON.parse(base64UrlDecode(part)) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

function base64UrlDecode(s: string): string {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  if (typeof atob === 'function') {
    const bin = atob(b64);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  }
  return Buffer.from(b64, 'base64').toString('utf8');
}
