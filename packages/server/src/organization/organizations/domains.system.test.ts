import dgram from 'node:dgram';
import { lookup as systemLookup } from 'node:dns';
import net from 'node:net';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { Domain } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { domainReachabilityJob } from '../../jobs/domain-reachability.js';
import { createOutbound } from '../../lib/outbound.js';
import { runIfDue, type Job } from '../../jobs/scheduler.js';
import { startDnsServer, type DnsServer } from '../../test-support/dns-server.js';
import { failure } from '../../test-support/http.js';
import { freePort } from '../../test-support/process.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

// Domain verification and the reachability probe against a real DNS server: dnsmasq, as a
// child process on a loopback port, named in DNS_SERVER.

let dns: DnsServer;
let s: TestServer;
beforeAll(async () => {
  dns = await startDnsServer();
  s = await startTestServer({ DNS_SERVER: dns.address });
});
afterAll(async () => {
  await s?.close();
  await dns?.stop();
});
beforeEach(() => s.reset());

const acme = { name: 'Acme Corp', firstname: 'Wile', lastname: 'Coyote', email: 'wile@acme.example', language: 'en' };

/** An org admin of the test organisation, signed in. */
async function orgAdmin() {
  await s.createUser({ email: 'oa@test.perch.local', role: 20 });
  return s.signIn('oa@test.perch.local');
}

async function domainsOf(orgId: string): Promise<Domain[]> {
  return s.admin.get<Domain[]>(`/organization/${orgId}/domain/`);
}

/** Adds a pending domain as the org admin and returns its verification token. */
async function pending(oa: Awaited<ReturnType<typeof orgAdmin>>, domain: string): Promise<string> {
  await oa.post(`/organization/${s.orgId}/domain/${domain}`);
  const d = (await domainsOf(s.orgId)).find((x) => x.domain === domain)!;
  expect(d.active).toBe(false);
  return d.verifyToken;
}

describe('domain verification through DNS_SERVER', () => {
  it("activates an org admin's pending domain when the DNS serves its TXT record", async () => {
    const oa = await orgAdmin();
    const token = await pending(oa, 'desk.acme.test');
    await dns.restart({ txt: { 'desk.acme.test': ['v=spf1 -all', `perch-verification=${token}`] } });
    const res = await oa.post(`/organization/${s.orgId}/domain/desk.acme.test/verify`);
    expect(res.status).toBe(204);
    expect((await domainsOf(s.orgId)).find((d) => d.domain === 'desk.acme.test')).toMatchObject({
      active: true,
      primary: false,
      verifyToken: '',
    });
    expect((await fetch(`${s.url}/auth/org/desk.acme.test`)).status).toBe(200);
    // Already active: an empty 200.
    const again = await oa.post(`/organization/${s.orgId}/domain/desk.acme.test/verify`);
    expect(again.status).toBe(200);
    expect(again.data).toBeUndefined();
  });

  it('accepts the seatsurfing-verification= record of the reference', async () => {
    const oa = await orgAdmin();
    const token = await pending(oa, 'legacy.acme.test');
    await dns.restart({ txt: { 'legacy.acme.test': `seatsurfing-verification=${token}` } });
    expect((await oa.post(`/organization/${s.orgId}/domain/legacy.acme.test/verify`)).status).toBe(204);
  });

  it('refuses with 400 naming the record to create: wrong token, no record, a record on another name', async () => {
    const oa = await orgAdmin();
    const token = await pending(oa, 'wrong.acme.test');
    await pending(oa, 'missing.acme.test');
    await dns.restart({
      txt: {
        'wrong.acme.test': 'perch-verification=00000000-0000-4000-8000-000000000000',
        // The record must be on the domain itself, not on a name below it.
        '_perch.missing.acme.test': `perch-verification=${token}`,
      },
    });
    const wrong = await failure(oa.post(`/organization/${s.orgId}/domain/wrong.acme.test/verify`));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain(`The DNS TXT record "perch-verification=${token}" was not found`);
    expect(wrong.message).toMatch(/create a TXT record/);
    const missing = await failure(oa.post(`/organization/${s.orgId}/domain/missing.acme.test/verify`));
    expect(missing.status).toBe(400);
    expect(missing.message).toMatch(/^The DNS TXT record "perch-verification=[0-9a-f-]{36}" was not found/);
    expect((await domainsOf(s.orgId)).filter((d) => d.active).map((d) => d.domain)).toEqual(['test.perch.local']);
  });

  it('answers 400 quickly when the DNS server is down, and within the time-out when it never answers', async () => {
    const oa = await orgAdmin();
    await pending(oa, 'down.acme.test');
    // Nothing listens on this port: the query is refused at once.
    const down = await startTestServer({ DNS_SERVER: `127.0.0.1:${await freePort()}` }, { reset: false });
    // This one takes the queries and never answers.
    const sink = dgram.createSocket('udp4');
    await new Promise<void>((r) => sink.bind(0, '127.0.0.1', () => r()));
    const silent = await startTestServer(
      { DNS_SERVER: `127.0.0.1:${(sink.address() as AddressInfo).port}` },
      { reset: false },
    );
    try {
      let t = Date.now();
      const refused = await failure(
        (await down.signIn('oa@test.perch.local')).post(`/organization/${s.orgId}/domain/down.acme.test/verify`),
      );
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(/was not found on down\.acme\.test \(the DNS lookup failed: ECONNREFUSED\)/);
      expect(Date.now() - t).toBeLessThan(2000);
      const oaSilent = await silent.signIn('oa@test.perch.local');
      t = Date.now();
      const timedOut = await failure(oaSilent.post(`/organization/${s.orgId}/domain/down.acme.test/verify`));
      expect(timedOut.status).toBe(400);
      expect(timedOut.message).toMatch(/\(the DNS lookup failed: ETIMEOUT\)/);
      expect(Date.now() - t).toBeLessThan(8000);
    } finally {
      await down.close();
      await silent.close();
      sink.close();
    }
  });

  it('refuses with 409 a domain meanwhile active in another organisation', async () => {
    const oa = await orgAdmin();
    const token = await pending(oa, 'shared.acme.test');
    const acmeId = (await s.admin.post('/organization/', acme)).objectId!;
    await s.admin.post(`/organization/${acmeId}/domain/shared.acme.test`);
    await dns.restart({ txt: { 'shared.acme.test': `perch-verification=${token}` } });
    expect((await failure(oa.post(`/organization/${s.orgId}/domain/shared.acme.test/verify`))).status).toBe(409);
    expect((await domainsOf(s.orgId)).find((d) => d.domain === 'shared.acme.test')?.active).toBe(false);
  });

  it('answers 409, not "create this record", for a domain active in another organisation whatever its DNS', async () => {
    const oa = await orgAdmin();
    await pending(oa, 'taken.acme.test');
    const acmeId = (await s.admin.post('/organization/', acme)).objectId!;
    await s.admin.post(`/organization/${acmeId}/domain/taken.acme.test`);
    // No TXT record at all: creating one would not help, so the conflict is what the admin hears.
    await dns.restart({});
    const taken = await failure(oa.post(`/organization/${s.orgId}/domain/taken.acme.test/verify`));
    expect(taken.status).toBe(409);
    expect(taken.appCode).toBe(0); // no X-Error-Code: the contract gives this 409 none
    expect(taken.message).toBe('This domain is active in another organisation');
    expect((await domainsOf(s.orgId)).find((d) => d.domain === 'taken.acme.test')?.active).toBe(false);
  });
});

describe('the reachability probe', () => {
  it('marks domains that answer for their organisation accessible, the others not, once across racing runs', async () => {
    const port = Number(new URL(s.url).port);
    const oa = await orgAdmin();
    const acmeId = (await s.admin.post('/organization/', acme)).objectId!;
    await s.admin.post(`/organization/${s.orgId}/domain/ok.acme.test`); // active, resolves here
    await s.admin.post(`/organization/${s.orgId}/domain/nx.acme.test`); // active, NXDOMAIN
    await pending(oa, 'pending.acme.test'); // resolves here, but inactive: 404
    await pending(oa, 'other.acme.test'); // resolves here, answers for acme
    await s.admin.post(`/organization/${acmeId}/domain/other.acme.test`);
    await s.admin.post(`/organization/${acmeId}/domain/slow.acme.test`); // a server that never answers
    await s.admin.post(`/organization/${acmeId}/domain/inside.acme.test`); // an address the outbound policy refuses
    // The test server listens on 127.0.0.1 only; on 127.0.0.2 at the same port a server takes
    // the connection and says nothing.
    const held: net.Socket[] = [];
    let connected!: () => void;
    const slowReached = new Promise<void>((r) => (connected = r));
    const slow = net.createServer((socket) => {
      held.push(socket);
      connected();
    });
    await new Promise<void>((r) => slow.listen(port, '127.0.0.2', () => r()));
    // On 127.0.0.3, which the outbound policy refuses, a server counts who connects.
    let insideConnections = 0;
    const inside = net.createServer((socket) => {
      insideConnections++;
      socket.destroy();
    });
    await new Promise<void>((r) => inside.listen(port, '127.0.0.3', () => r()));
    await dns.restart({
      a: {
        'ok.acme.test': '127.0.0.1',
        'pending.acme.test': '127.0.0.1',
        'other.acme.test': '127.0.0.1',
        'slow.acme.test': '127.0.0.2',
        'inside.acme.test': '127.0.0.3',
      },
    });
    // PUBLIC_URL names the scheme and port tried first: the test server's. The outbound policy
    // allows 127.0.0.1 and 127.0.0.2 (as an operator allows their own network).
    const deps = {
      ...s.deps,
      config: { ...s.deps.config, PUBLIC_URL: `http://ok.acme.test:${port}` },
      outbound: createOutbound({ allowed: ['127.0.0.1', '127.0.0.2'], lookup: systemLookup as LookupFunction }),
    };
    let runs = 0;
    const job: Job = {
      ...domainReachabilityJob,
      name: `domain-reachability-${Date.now()}`,
      run: (d) => {
        runs++;
        return domainReachabilityJob.run(d);
      },
    };
    const started = Date.now();
    try {
      const racing = Promise.all([runIfDue(deps, job), runIfDue(deps, job)]);
      // While a domain keeps the probe waiting, the server answers as usual (the embedded
      // database has one connection: a transaction held by the probe would block this).
      await slowReached;
      const t = Date.now();
      expect(await s.admin.get(`/organization/${s.orgId}/domain/`)).toBeTruthy();
      expect(Date.now() - t).toBeLessThan(1000);
      expect((await racing).filter(Boolean)).toHaveLength(1);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((r) => slow.close(r));
      await new Promise((r) => inside.close(r));
    }
    expect(insideConnections).toBe(0);
    expect(runs).toBe(1);
    const rows = await s.deps.db
      .selectFrom('organization_domains')
      .select(['organization_id', 'domain', 'accessible', 'access_check'])
      .execute();
    const state = Object.fromEntries(
      rows.map((r) => [`${r.organization_id === acmeId ? 'acme' : 'test'}:${r.domain}`, r.accessible]),
    );
    expect(state).toEqual({
      'test:test.perch.local': false,
      'test:ok.acme.test': true,
      'test:nx.acme.test': false,
      'test:pending.acme.test': false,
      'test:other.acme.test': false,
      'acme:other.acme.test': true,
      'acme:slow.acme.test': false,
      'acme:inside.acme.test': false,
    });
    for (const r of rows) {
      expect(r.access_check).toBeInstanceOf(Date);
      expect(r.access_check!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    }
    // The domain list shows the outcome.
    expect((await domainsOf(s.orgId)).find((d) => d.domain === 'ok.acme.test')).toMatchObject({
      accessible: true,
      accessCheck: expect.any(String),
    });
    // Run already: not again within the hour.
    expect(await runIfDue(deps, job)).toBe(false);
    expect(runs).toBe(1);
  });
});
