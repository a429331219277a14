import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { App } from '../app-context.js';

/**
 * Security headers for every response: a CSP without inline scripts, nosniff, no referrer,
 * and framing limited to `FRAME_ANCESTORS` (the embedded wiki mode lists its host there).
 */
export async function installSecurityHeaders(app: App): Promise<void> {
  const { config } = app.deps;
  const frameAncestors = config.frameAncestors.length ? config.frameAncestors : ["'self'"];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets element styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    frameguard: config.frameAncestors.length ? false : { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('permissions-policy', 'publickey-credentials-get=(self), camera=(), microphone=(), geolocation=()');
  });
  const origins = config.corsOrigins;
  await app.register(cors, {
    origin: origins.includes('*') ? true : origins.length ? origins : false,
    exposedHeaders: ['X-Object-Id', 'X-Error-Code', 'Content-Length', 'Content-Type', 'Retry-After'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    optionsSuccessStatus: 204,
    maxAge: 600,
  });
}
