import type { Endpoint } from '@perch/contract';
import type { App } from '../app-context.js';
import type { RegisteredRoute } from './app-types.js';

export type { RegisteredRoute };

/**
 * Paths that are not API routes: the web app's files and shell routes, the redirects and
 * robots.txt of http/web-app.ts, the API documentation and the metrics (http/metrics.ts).
 */
export const NON_API_PATH = /^\/(?:$|ui(?:\/|$)|_app(?:\/|$)|admin\/|robots\.txt$|docs(?:\/|$)|metrics$)/;

/** Records every route as it is registered. */
export function recordRoutes(app: App): RegisteredRoute[] {
  const seen: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      // HEAD mirrors GET; OPTIONS answers CORS preflights.
      if (method !== 'HEAD' && method !== 'OPTIONS') seen.push({ method, url: r.url, endpoint: r.config?.endpoint });
  });
  return seen;
}

/**
 * Compares the registered routes with the contract's endpoint table: endpoints without a
 * handler are missing; API routes registered outside the table are unexpected.
 */
export function compareWithContract(
  registered: readonly RegisteredRoute[],
  endpoints: readonly Endpoint[],
): { missing: string[]; unexpected: string[] } {
  const key = (method: string, url: string) => `${method} ${url}`;
  const served = new Set(registered.filter((r) => r.endpoint).map((r) => key(r.method, r.url)));
  const declared = new Set(endpoints.map((e) => key(e.method, e.path)));
  return {
    missing: endpoints.map((e) => key(e.method, e.path)).filter((k) => !served.has(k)),
    unexpected: registered
      .filter((r) => !NON_API_PATH.test(r.url) && (!r.endpoint || !declared.has(key(r.method, r.url))))
      .map((r) => key(r.method, r.url)),
  };
}
