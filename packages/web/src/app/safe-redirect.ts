import { isSafeRedirectPath } from '@perch/contract/values';

export const DEFAULT_SIGNED_IN_PATH = '/search';

/**
 * The path to go to after sign-in. Only app-relative paths are followed, so a crafted link
 * cannot send the user to another site (`//evil.example`, `https:…`, `/\evil`, `/\t/evil`).
 */
export function safeRedirectTarget(redir: string | null | undefined): string {
  // The server's rule too: one `/`, no control characters, whitespace or backslashes.
  if (!isSafeRedirectPath(redir)) return DEFAULT_SIGNED_IN_PATH;
  if (redir === '/' || redir.startsWith('/login')) return DEFAULT_SIGNED_IN_PATH;
  return redir;
}

/** `/login?redir=…` for the page the user wanted to see. */
export function signInPathFor(currentPath: string): string {
  return `/login?redir=${encodeURIComponent(currentPath)}`;
}
