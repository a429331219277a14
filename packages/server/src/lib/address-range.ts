import net from 'node:net';

/**
 * The network a client address belongs to, as the sign-in throttle counts it: the /24 of an
 * IPv4 address, the /64 of an IPv6 one (what one subscriber usually holds, so an attacker cannot
 * step to a fresh address for every guess). An IPv4 address written as IPv6 (`::ffff:a.b.c.d`)
 * counts as IPv4. Anything that is no address stays as it is.
 */
export function addressRange(ip: string): string {
  const address = ip.split('%')[0]!.trim().toLowerCase();
  if (net.isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = net.isIPv6(address) ? ipv6Groups(address) : null;
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0/24`;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
