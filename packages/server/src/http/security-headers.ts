import cors from '@fastify/cors';
import type { App } from '../app-context.js';
import type { Config } from '../config.js';
import { NON_API_PATH } from './contract-routes.js';
import { frameOriginsFor, type FrameOriginLookup } from './frame-origins.js';

/**
 * Security headers for every response: a CSP without inline scripts or a `<base>`, nosniff, no
 * referrer, framing limited to `FRAME_ANCESTORS` plus `extraFrameAncestors` (the team wiki's
 * origins of the organisation whose page it is, for the embedded mode), and HSTS when the
 * public URL is https.
 */
export function securityHeaders(config: Config, extraFrameAncestors: readonly string[] = []): Record<string, string> {
  const allowed = [...(config.frameAncestors.length ? config.frameAncestors : ["'self'"]), ...extraFrameAncestors];
  const frameAncestors = allowed.join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets element styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
  // Browsers that once reached Perch over https keep to https (only when it is served so).
  const hsts: Record<string, string> = config.PUBLIC_URL?.startsWith('https:')
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
  return {
    ...hsts,
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'permissions-policy': 'publickey-credentials-get=(self), camera=(), microphone=(), geolocation=()',
    ...(config.frameAncestors.length || extraFrameAncestors.length ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
  };
}

export async function installSecurityHeaders(app: App, frameOrigins: FrameOriginLookup): Promise<void> {
  const { config } = app.deps;
  const headers = securityHeaders(config);
  // The API documentation viewer brings its own policy for its inline bootstrap.
  const { 'content-security-policy': _csp, ...docsHeaders } = headers;
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(req.url.startsWith('/docs') ? docsHeaders : headers);
    // API answers carry tokens and personal data: no browser or proxy keeps a copy. The web
    // app's files set their own caching.
    if (!NON_API_PATH.test(req.url)) reply.header('cache-control', 'no-store');
    // The web app's pages may be framed by the organisation's wiki (the embedded mode).
    else if (/^\/ui(?:\/|$)/.test(req.url)) {
      const origins = await frameOriginsFor(app.deps, req.hostname.replace(/:\d+$/, ''), frameOrigins).catch(() => []);
      if (origins.length) {
        reply.headers(securityHeaders(config, origins));
        reply.removeHeader('x-frame-options');
      }
    }
  });
  const origins = config.corsOrigins;
  // Without configured origins the API is same-origin only and needs no CORS handling.
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins.includes('*') ? true : origins,
    exposedHeaders: ['X-Object-Id', 'X-Error-Code', 'Content-Length', 'Content-Type', 'Retry-After', 'X-Total-Count'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    optionsSuccessStatus: 204,
    maxAge: 600,
  });
}
