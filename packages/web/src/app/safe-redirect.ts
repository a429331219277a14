export const DEFAULT_SIGNED_IN_PATH = '/search';

/**
 * The path to go to after sign-in. Only app-relative paths are followed, so a crafted link
 * cannot send the user to another site (`//evil.example`, `https:…`, `/\evil`).
 */
export function safeRedirectTarget(redir: string | null | undefined): string {
  if (!redir || !redir.startsWith('/') || redir.startsWith('//') || redir.startsWith('/\\')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  // Browsers drop tabs and newlines in URLs, which turns `/\t/evil` into `//evil`.
  if ([...redir].some((c) => c.charCodeAt(0) < 0x20)) return DEFAULT_SIGNED_IN_PATH;
  if (redir === '/' || redir.startsWith('/login')) return DEFAULT_SIGNED_IN_PATH;
  return redir;
}

/** `/login?redir=…` for the page the user wanted to see. */
export function signInPathFor(currentPath: string): string {
  return `/login?redir=${encodeURIComponent(currentPath)}`;
}
