import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../test-support/dns-server.js';
import { createDnsResolver } from './dns.js';
import { createOutbound, OutboundError } from './outbound.js';

/**
 * Host names through the outbound policy, resolved by a real DNS server (dnsmasq on loopback):
 * a name is judged by the addresses it resolves to at the moment of connecting, every time, so a
 * name that first points outside and then inside (DNS rebinding) is refused the second time.
 */
let dns: DnsServer;
const hits = { outside: 0, inside: 0 };
let outside: http.Server;
let inside: http.Server;
let port = 0;

const listen = (host: string, count: 'outside' | 'inside') => {
  const server = http.createServer((_req, res) => {
    hits[count]++;
    res.end(count);
  });
  return new Promise<http.Server>((r) => server.listen(port, host, () => r(server)));
};

beforeAll(async () => {
  outside = await listen('127.0.0.1', 'outside');
  port = (outside.address() as AddressInfo).port;
  // The same port on the address the policy refuses, so only the address tells them apart.
  inside = await listen('127.0.0.2', 'inside');
  dns = await startDnsServer({
    a: { 'calendar.outside.test': '127.0.0.1', 'admin.inside.test': '127.0.0.2', 'named.inside.test': '127.0.0.2' },
  });
});
afterAll(async () => {
  await dns?.stop();
  for (const s of [outside, inside]) await new Promise((r) => s.close(r));
});

const policy = () =>
  createOutbound({
    // 127.0.0.1 stands for the outside world; one inside name is allowed by name.
    allowed: ['127.0.0.1', 'named.inside.test'],
    lookup: createDnsResolver([dns.address]).lookup,
  });

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'answered';
  } catch (e) {
    return e instanceof OutboundError ? e.failure : String(e);
  }
}

describe('outbound requests by host name', () => {
  it('judge a name by the addresses it resolves to', async () => {
    const out = policy();
    const before = { ...hits };
    expect(await (await out.fetch(`http://calendar.outside.test:${port}/`, undefined, { owner: 'u' })).text()).toBe(
      'outside',
    );
    expect(await refusal(out.fetch(`http://admin.inside.test:${port}/`, undefined, { owner: 'u' }))).toBe(
      'address-refused',
    );
    // The operator allowed this name: it may resolve anywhere.
    expect(await (await out.fetch(`http://named.inside.test:${port}/`, undefined, { owner: 'u' })).text()).toBe(
      'inside',
    );
    expect(await refusal(out.fetch(`http://unknown.test:${port}/`, undefined, { owner: 'u' }))).toBe('unreachable');
    expect(hits.inside - before.inside).toBe(1);
  });

  it('check the name again at every connection (DNS rebinding)', async () => {
    const out = policy();
    const url = `http://rebind.test:${port}/`;
    await dns.restart({ a: { 'rebind.test': '127.0.0.1' } });
    expect((await out.fetch(url, undefined, { owner: 'u' })).status).toBe(200);
    const insideBefore = hits.inside;
    await dns.restart({ a: { 'rebind.test': '127.0.0.2' } });
    expect(await refusal(out.fetch(url, undefined, { owner: 'u' }))).toBe('address-refused');
    expect(hits.inside).toBe(insideBefore);
  });
});
