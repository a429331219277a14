import net from 'node:net';

/**
 * Which network addresses the server may connect to when it fetches a URL on someone's behalf
 * (a CalDAV server, a sign-in provider, a release feed): public unicast addresses only, unless
 * the operator's allow-list (`OUTBOUND_ALLOWED_HOSTS`) names the host or its range. Refused:
 * loopback, "this network", private (RFC 1918), shared (carrier-grade NAT, where some clouds put
 * their metadata service), link-local (the cloud metadata address 169.254.169.254 among them),
 * unique-local and site-local IPv6, multicast, documentation, benchmarking and reserved ranges,
 * and IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo) when that one is refused.
 */

const REFUSED_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;

const REFUSED_V6 = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique-local (cloud metadata fd00:ec2::254 among them)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const;

const refused = new net.BlockList();
for (const [prefix, bits] of REFUSED_V4) refused.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of REFUSED_V6) refused.addSubnet(prefix, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with an optional dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address stands for (mapped, NAT64, 6to4), if it is such a form. */
export function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (g.length !== 8) return undefined;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 5) && g[5] === 0xffff) return v4Of(g[6]!, g[7]!);
  // 64:ff9b::a.b.c.d (NAT64, well-known prefix) and 64:ff9b:1::/48 (local-use NAT64)
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeros(2, 6) || g[2] === 1)) return v4Of(g[6]!, g[7]!);
  // 2002:aabb:ccdd::/48 (6to4)
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  return undefined;
}

/** An allow-list: host names (exact, or `*.example.com` for its subdomains), addresses and CIDR ranges. */
export class OutboundAllowList {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly ranges = new net.BlockList();

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const [address, bits] = entry.split('/');
      const family = net.isIP(address ?? '');
      if (family) {
        const type = family === 4 ? 'ipv4' : 'ipv6';
        if (bits === undefined) this.ranges.addAddress(address!, type);
        else this.ranges.addSubnet(address!, Number(bits), type);
      } else if (entry.startsWith('*.')) this.suffixes.push(entry.slice(1));
      else this.names.add(entry.replace(/\.$/, ''));
    }
  }

  /** Whether the host name itself is listed (then every address it resolves to is allowed). */
  allowsName(hostname: string): boolean {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    return this.names.has(name) || this.suffixes.some((s) => name.endsWith(s));
  }

  allowsAddress(address: string): boolean {
    const family = net.isIP(address);
    if (!family) return false;
    if (this.ranges.check(address, family === 4 ? 'ipv4' : 'ipv6')) return true;
    const v4 = family === 6 ? embeddedIpv4(address) : undefined;
    return v4 !== undefined && this.ranges.check(v4, 'ipv4');
  }
}

/** Whether an address is public unicast (not loopback, private, link-local, reserved …). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return !refused.check(v4, 'ipv4');
  return !refused.check(address, 'ipv6');
}

/** Checks one entry of `OUTBOUND_ALLOWED_HOSTS`: a host name, `*.domain`, an address or a CIDR range. */
export function isAllowListEntry(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length === 0 && address && net.isIP(address)) {
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (net.isIP(address) === 4 ? 32 : 128);
  }
  return /^(\*\.)?([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.?$/i.test(entry);
}
