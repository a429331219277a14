import http from 'node:http';
import https from 'node:https';
import type { AppDeps } from '../context.js';
import { findAllDomains, setDomainAccess } from '../organization/organizations/index.js';
import type { Job } from './scheduler.js';

/** Milliseconds one try (DNS, connect, answer) may take. */
export const PROBE_TIMEOUT_MS = 5000;
/** Domains probed at the same time. */
export const PROBE_CONCURRENCY = 4;
/** The largest answer read from a probed domain. */
const MAX_ANSWER_BYTES = 16 * 1024;

interface Target {
  scheme: 'http' | 'https';
  port: number;
}

const DEFAULT_PORT = { http: 80, https: 443 } as const;

/** Where a domain is tried, in order: the scheme and port of PUBLIC_URL, then https:443, then http:80. */
export function probeTargets(publicUrl: string | undefined): Target[] {
  const targets: Target[] = [];
  if (publicUrl) {
    const u = new URL(publicUrl);
    const scheme = u.protocol === 'https:' ? 'https' : u.protocol === 'http:' ? 'http' : undefined;
    if (scheme) targets.push({ scheme, port: u.port ? Number(u.port) : DEFAULT_PORT[scheme] });
  }
  for (const t of [
    { scheme: 'https', port: 443 },
    { scheme: 'http', port: 80 },
  ] as const) {
    if (!targets.some((x) => x.scheme === t.scheme && x.port === t.port)) targets.push(t);
  }
  return targets;
}

export function probeUrl(domain: string, t: Target): string {
  const port = t.port === DEFAULT_PORT[t.scheme] ? '' : `:${t.port}`;
  return `${t.scheme}://${domain}${port}/organization/domain/verify/${encodeURIComponent(domain)}`;
}

/**
 * One GET, resolved through `deps.dns` and admitted by the outbound policy (a domain that
 * resolves to a local or private address is only probed when OUTBOUND_ALLOWED_HOSTS allows it),
 * TLS certificates not checked, no redirects followed:
 * the parsed JSON answer of a 200, or undefined for anything else (including a time-out).
 */
function fetchJson(deps: AppDeps, url: string, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http;
    let settled = false;
    let req: http.ClientRequest | undefined;
    // Bounds the whole try: DNS, connect, TLS and the answer.
    const timer = setTimeout(() => done(undefined), timeoutMs);
    const done = (v: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req?.destroy();
      resolve(v);
    };
    try {
      req = client.get(
        url,
        {
          lookup: deps.outbound.lookupVia(deps.dns.lookup),
          rejectUnauthorized: false,
          agent: false,
          headers: { accept: 'application/json', 'user-agent': `Perch/${deps.version} (domain reachability)` },
        },
        (res) => {
          if (res.statusCode !== 200) return done(undefined);
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_ANSWER_BYTES) return done(undefined);
            chunks.push(c);
          });
          res.on('end', () => {
            try {
              done(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch {
              done(undefined);
            }
          });
          res.on('error', () => done(undefined));
        },
      );
    } catch {
      return done(undefined);
    }
    req.on('error', () => done(undefined));
  });
}

/**
 * Whether `domain` reaches this installation as organisation `orgId`: some target answers
 * `{status: "ok", domain, orgID}` for it.
 */
export async function probeDomain(
  deps: AppDeps,
  orgId: string,
  domain: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  for (const target of probeTargets(deps.config.PUBLIC_URL)) {
    const answer = (await fetchJson(deps, probeUrl(domain, target), timeoutMs)) as Record<string, unknown> | undefined;
    if (
      answer &&
      answer.status === 'ok' &&
      typeof answer.domain === 'string' &&
      answer.domain.toLowerCase() === domain.toLowerCase() &&
      answer.orgID === orgId
    ) {
      return true;
    }
  }
  return false;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Hourly: calls `GET /organization/domain/verify/<domain>` on every domain of every
 * organisation and stores whether it answered for that organisation (`accessible`,
 * `access_check`). Runs outside a transaction: each result is one short update, and no
 * connection is held while a domain is waited for.
 */
export const domainReachabilityJob: Job = {
  name: 'domain-reachability',
  intervalSeconds: 3600,
  outsideTransaction: true,
  async run(deps) {
    const domains = await findAllDomains(deps.db);
    await eachLimited(domains, PROBE_CONCURRENCY, async (d) => {
      const accessible = await probeDomain(deps, d.organization_id, d.domain);
      await setDomainAccess(deps.db, d.organization_id, d.domain, accessible, new Date());
    });
  },
};
