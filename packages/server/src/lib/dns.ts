import dns, { type LookupAddress } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import net, { type LookupFunction } from 'node:net';

/**
 * The DNS as domain verification and the reachability probe see it: the system's resolver, or
 * the servers of `DNS_SERVER`. Every answer comes within `timeoutMs`, so a dead DNS server
 * never hangs a request.
 */
export interface DnsResolver {
  /** The TXT records of `name`, each as its chunks. Fails with a `code` (ENOTFOUND, ENODATA, ETIMEOUT …). */
  resolveTxt(name: string): Promise<string[][]>;
  /** For the `lookup` option of node:http/https (and node:net) requests. */
  lookup: LookupFunction;
}

/** Milliseconds a DNS question may take, all tries and servers together. */
export const DNS_TIMEOUT_MS = 5000;

export class DnsError extends Error {
  constructor(
    readonly code: string,
    readonly hostname: string,
  ) {
    super(`${code} ${hostname}`);
  }
}

function withDeadline<T>(p: Promise<T>, ms: number, hostname: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DnsError('ETIMEOUT', hostname)), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

function familyOf(options: dns.LookupOptions | number | undefined): 0 | 4 | 6 {
  const f = typeof options === 'number' ? options : (options?.family as number | string | undefined);
  if (f === 4 || f === 'IPv4') return 4;
  if (f === 6 || f === 'IPv6') return 6;
  return 0;
}

/**
 * Builds the resolver: with `servers` (the parsed `DNS_SERVER`) a c-ares resolver asking only
 * them, for TXT records and host names alike; without, the system's resolver (host names
 * through `getaddrinfo`, so /etc/hosts counts as it does for every other program).
 */
export function createDnsResolver(servers?: readonly string[], opts: { timeoutMs?: number } = {}): DnsResolver {
  const timeoutMs = opts.timeoutMs ?? DNS_TIMEOUT_MS;
  // c-ares' own time-out is per try and doubles with each; the deadline above bounds the total.
  const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 3)), tries: 2 });
  if (servers?.length) resolver.setServers([...servers]);

  const resolveTxt = (name: string) => withDeadline(resolver.resolveTxt(name), timeoutMs, name);

  if (!servers?.length) return { resolveTxt, lookup: dns.lookup as LookupFunction };

  /** A and AAAA records of `hostname` from the configured servers, IPv4 first. */
  const addresses = async (hostname: string, family: 0 | 4 | 6): Promise<LookupAddress[]> => {
    const ip = net.isIP(hostname);
    if (ip) return [{ address: hostname, family: ip }];
    const asked = await Promise.allSettled([
      family === 6 ? Promise.resolve([]) : resolver.resolve4(hostname),
      family === 4 ? Promise.resolve([]) : resolver.resolve6(hostname),
    ]);
    const [v4, v6] = asked.map((r) => (r.status === 'fulfilled' ? r.value : []));
    const found = [
      ...(v4 ?? []).map((address) => ({ address, family: 4 })),
      ...(v6 ?? []).map((address) => ({ address, family: 6 })),
    ];
    if (found.length > 0) return found;
    const failure = asked.find((r) => r.status === 'rejected');
    const code = (failure?.reason as { code?: string } | undefined)?.code ?? 'ENOTFOUND';
    // A name that exists without addresses of the wanted kind is "not found" to a connect.
    throw new DnsError(code === 'ENODATA' ? 'ENOTFOUND' : code, hostname);
  };

  const lookup: LookupFunction = (hostname, options, callback) => {
    withDeadline(addresses(hostname, familyOf(options)), timeoutMs, hostname).then(
      (found) => {
        if (options?.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      },
      (err: unknown) => {
        const e = (err instanceof Error ? err : new Error(String(err))) as NodeJS.ErrnoException;
        e.code ??= 'ENOTFOUND';
        callback(e, '', 0);
      },
    );
  };

  return { resolveTxt, lookup };
}
