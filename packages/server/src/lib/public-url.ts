import type { Config } from '../config.js';

/**
 * An absolute address of the app for links in mails and redirects: `PUBLIC_URL` (scheme, host,
 * port and any path prefix), or `http://localhost:<PORT>` when it is not set. `path` starts
 * with a slash, e.g. `/ui/resetpw/<id>/`.
 */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, path: string): string {
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return `${base}${path}`;
}
