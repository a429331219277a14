import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { App } from '../app-context.js';

/**
 * Content-hashed assets never change; the service worker is checked on every visit so a new
 * version is picked up; icons, manifest and the like for an hour.
 */
export function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (path.basename(filePath) === 'sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

const DEFAULT_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * Serves the single-page web app under /ui/. Unknown paths below /ui/ get the app shell so
 * client-side routes survive a reload; `/` and `/_app` lead to it as well.
 */
export async function webAppRoutes(app: App, distDir = DEFAULT_DIST, serveSourceMaps = false): Promise<void> {
  // Source maps are built for debugging but only served when the operator asks for them.
  const servable = (rel: string) => serveSourceMaps || !rel.endsWith('.map');
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const shell = () =>
    hasBuild
      ? fs.readFileSync(indexFile)
      : '<!doctype html><title>Perch</title><p>The web app is not built. Run <code>npm run build</code>.</p>';
  const open = { public: true };
  const hide = { hide: true };

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/ui/',
      index: false,
      wildcard: false,
      // Caching is decided here per file (the plugin's own header would override it).
      cacheControl: false,
      allowedPath: (pathName) => servable(pathName),
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
  }

  const sendShell = (_req: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell());

  app.get('/', { config: open, schema: hide }, (_req, reply) => reply.redirect('/ui/', 307));
  app.get('/ui', { config: open, schema: hide }, (_req, reply) => reply.redirect('/ui/', 307));
  app.get('/ui/', { config: open, schema: hide }, sendShell);
  app.get('/_app', { config: open, schema: hide }, sendShell);
  app.get('/_app/*', { config: open, schema: hide }, sendShell);
  app.get('/ui/*', { config: open, schema: hide }, (req, reply) => {
    const rel = (req.params as { '*': string })['*'];
    // Real files (assets, icons, manifest) are served by the static plugin; a missing asset is a 404.
    if (hasBuild && /\.[a-z0-9]+$/i.test(rel) && !rel.endsWith('.html')) {
      const file = path.join(distDir, path.normalize(rel));
      if (servable(rel) && file.startsWith(distDir) && fs.existsSync(file)) return reply.sendFile(rel);
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No such file' });
    }
    return sendShell(req, reply);
  });
  app.get('/admin/*', { config: open, schema: hide }, (req, reply) =>
    reply.redirect(`/ui/admin/${(req.params as { '*': string })['*']}`, 307),
  );
  app.get('/robots.txt', { config: open, schema: hide }, (_req, reply) =>
    reply.type('text/plain').send('User-agent: *\nDisallow: /\n'),
  );
}
