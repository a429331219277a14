import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, OutboundError, type OutboundFailure } from './outbound.js';

/**
 * The outbound policy against real HTTP servers on loopback: one on 127.0.0.1, which the
 * allow-list admits (as an operator would admit a calendar server on their own network), and one
 * on 127.0.0.2, which nothing admits (the server's own network as an attacker would aim at it).
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function serve(host: string, handle: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  return {
    seen,
    server,
    url: '',
    async start() {
      await new Promise<void>((r) => server.listen(0, host, r));
      this.url = `http://${host}:${(server.address() as AddressInfo).port}`;
      return this;
    },
  };
}

const lookup = dns.lookup as LookupFunction;
const policy = (perOwner = 4) => createOutbound({ allowed: ['127.0.0.1'], lookup, perOwner });

async function failureOf(p: Promise<unknown>): Promise<OutboundFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof OutboundError) return e.failure;
    throw e;
  }
  throw new Error('the call succeeded');
}

const outside = serve('127.0.0.1', (req, res, body) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/hang') return; // never answers
  if (url.pathname === '/redirect') {
    res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/' });
    return res.end();
  }
  if (url.pathname === '/big') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end('x'.repeat(64 * 1024));
  }
  if (url.pathname === '/gzip') {
    res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
    return res.end(zlib.gzipSync(JSON.stringify({ compressed: true })));
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ path: url.pathname, method: req.method, body, auth: req.headers.authorization ?? null }));
});
const second = serve('127.0.0.1', (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ auth: req.headers.authorization ?? null }));
});
const inside = serve('127.0.0.2', (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('the server’s own network');
});

beforeAll(async () => {
  await Promise.all([outside.start(), second.start(), inside.start()]);
});
afterAll(async () => {
  for (const s of [outside, second, inside]) {
    s.server.closeAllConnections();
    await new Promise((r) => s.server.close(r));
  }
});

describe('outbound requests', () => {
  it('reach an allowed host, and never connect to one the policy refuses', async () => {
    const out = policy();
    const res = await out.fetch(`${outside.url}/hello`, { method: 'POST', body: 'hi' }, { owner: 'a' });
    expect(await res.json()).toMatchObject({ path: '/hello', method: 'POST', body: 'hi' });

    const port = new URL(inside.url).port;
    for (const url of [
      inside.url,
      `http://[::ffff:127.0.0.2]:${port}/`,
      `http://[::1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://10.0.0.1/',
    ])
      expect(await failureOf(out.fetch(url, undefined, { owner: 'a' })), url).toBe('address-refused');
    expect(inside.seen).toHaveLength(0);
  });

  it('refuses other schemes and credentials in the address', async () => {
    const out = policy();
    expect(await failureOf(out.fetch('ftp://127.0.0.1/', undefined, { owner: 'a' }))).toBe('bad-url');
    expect(await failureOf(out.fetch('file:///etc/passwd', undefined, { owner: 'a' }))).toBe('bad-url');
    const withUser = outside.url.replace('http://', 'http://user:pw@');
    expect(await failureOf(out.fetch(withUser, undefined, { owner: 'a' }))).toBe('bad-url');
  });

  it('checks every redirect hop: an allowed host cannot send the call inside', async () => {
    const out = policy();
    const to = encodeURIComponent(`${inside.url}/secret`);
    for (const status of [301, 302, 303, 307, 308])
      expect(
        await failureOf(out.fetch(`${outside.url}/redirect?status=${status}&to=${to}`, undefined, { owner: 'a' })),
      ).toBe('address-refused');
    expect(inside.seen).toHaveLength(0);
  });

  it('follows redirects on allowed hosts, and carries credentials only within one origin', async () => {
    const out = policy();
    const same = await out.fetch(
      `${outside.url}/redirect?status=307&to=/landed`,
      { method: 'PUT', body: 'event', headers: { authorization: 'Basic c2VjcmV0' } },
      { owner: 'a' },
    );
    expect(await same.json()).toMatchObject({ path: '/landed', method: 'PUT', body: 'event', auth: 'Basic c2VjcmV0' });

    const other = await out.fetch(
      `${outside.url}/redirect?status=302&to=${encodeURIComponent(`${second.url}/x`)}`,
      { headers: { authorization: 'Basic c2VjcmV0' } },
      { owner: 'a' },
    );
    expect(await other.json()).toEqual({ auth: null });

    const seeOther = await out.fetch(
      `${outside.url}/redirect?status=303&to=/after`,
      { method: 'POST', body: 'x' },
      { owner: 'a' },
    );
    expect(await seeOther.json()).toMatchObject({ path: '/after', method: 'GET', body: '' });

    const manual = await out.fetch(`${outside.url}/redirect?to=/x`, { redirect: 'manual' }, { owner: 'a' });
    expect(manual.status).toBe(302);

    const loop = `${outside.url}/redirect?to=${encodeURIComponent('/redirect?to=/redirect')}`;
    expect(await failureOf(out.fetch(loop, undefined, { owner: 'a', maxRedirects: 1 }))).toBe('too-many-redirects');
  });

  it('gives up on a host that never answers at its deadline', async () => {
    const out = policy();
    const started = Date.now();
    expect(await failureOf(out.fetch(`${outside.url}/hang`, undefined, { owner: 'a', timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('holds each owner to a few calls at once, without touching other owners', async () => {
    const out = policy(2);
    const hanging = [1, 2].map(() =>
      failureOf(out.fetch(`${outside.url}/hang`, undefined, { owner: 'mallory', timeoutMs: 1500 })),
    );
    expect(await failureOf(out.fetch(`${outside.url}/hang`, undefined, { owner: 'mallory' }))).toBe('busy');
    const other = await out.fetch(`${outside.url}/ok`, undefined, { owner: 'alice' });
    expect(other.status).toBe(200);
    expect(await Promise.all(hanging)).toEqual(['timeout', 'timeout']);
    // The slots are free again.
    expect((await out.fetch(`${outside.url}/ok`, undefined, { owner: 'mallory' })).status).toBe(200);
  });

  it('caps the size of an answer, and decodes compressed ones', async () => {
    const out = policy();
    const big = await out.fetch(`${outside.url}/big`, undefined, { owner: 'a', maxBytes: 1024 });
    await expect(big.text()).rejects.toThrow();
    const gz = await out.fetch(`${outside.url}/gzip`, undefined, { owner: 'a' });
    expect(await gz.json()).toEqual({ compressed: true });
  });

  it('lets an oversized answer that nobody reads fail quietly, not as an unhandled error', async () => {
    const out = policy();
    const unread = await out.fetch(`${outside.url}/big`, undefined, { owner: 'a', maxBytes: 1024 });
    expect(unread.status).toBe(200);
    // Let the whole answer arrive; a stream error without a listener would fail this run.
    await new Promise((r) => setTimeout(r, 200));
    const later = await out.fetch(`${outside.url}/big`, undefined, { owner: 'a', maxBytes: 1024 });
    await new Promise((r) => setTimeout(r, 200));
    await expect(later.text()).rejects.toThrow(/larger than 1024 bytes/);
  });

  it('is a fetch for libraries that take one', async () => {
    const f = policy().fetchFor('lib');
    const res = await f(new URL(`${outside.url}/via-url`), { method: 'DELETE' });
    expect(await res.json()).toMatchObject({ path: '/via-url', method: 'DELETE' });
    expect(await failureOf(f(`${inside.url}/`))).toBe('address-refused');
  });
});
