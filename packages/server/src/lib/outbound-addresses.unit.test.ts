import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isAllowListEntry, isPublicAddress, OutboundAllowList } from './outbound-addresses.js';

describe('outbound addresses', () => {
  it('refuses loopback, private, link-local, shared, reserved and multicast addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '100.100.100.200', // a cloud metadata address in the shared range
      '169.254.169.254', // the cloud metadata address
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2001::1', // Teredo
      '2001:db8::1',
      'fc00::1',
      'fd00:ec2::254', // a cloud metadata address
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('lets public unicast addresses through', () => {
    for (const address of [
      '1.1.1.1',
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '192.169.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
      '2002:0808:0808::1', // 6to4 of 8.8.8.8
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('reads the IPv4 address inside mapped, NAT64 and 6to4 forms', () => {
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('::ffff:c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('64:ff9b::7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('2002:0a00:0001::')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeUndefined();
  });

  it('allows what the operator lists: names, subdomains, addresses and ranges', () => {
    const list = new OutboundAllowList(['calendar.internal', '*.corp.example', '10.20.0.0/16', '::1', '127.0.0.1']);
    expect(list.allowsName('calendar.internal')).toBe(true);
    expect(list.allowsName('CALENDAR.internal.')).toBe(true);
    expect(list.allowsName('other.internal')).toBe(false);
    expect(list.allowsName('dav.corp.example')).toBe(true);
    expect(list.allowsName('corp.example')).toBe(false);
    expect(list.allowsName('evilcorp.example')).toBe(false);
    expect(list.allowsAddress('10.20.3.4')).toBe(true);
    expect(list.allowsAddress('10.21.3.4')).toBe(false);
    expect(list.allowsAddress('::1')).toBe(true);
    expect(list.allowsAddress('127.0.0.1')).toBe(true);
    expect(list.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(list.allowsAddress('127.0.0.2')).toBe(false);
  });

  it('checks the entries of OUTBOUND_ALLOWED_HOSTS', () => {
    for (const good of [
      'calendar.internal',
      '*.corp.example',
      'localhost',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '127.0.0.1',
    ])
      expect(isAllowListEntry(good), good).toBe(true);
    for (const bad of ['10.0.0.0/33', '::1/129', 'http://x', 'a b', '*.', '-bad.example', 'x/8', '10.0.0.0/8/1'])
      expect(isAllowListEntry(bad), bad).toBe(false);
  });
});
