import { describe, expect, it } from 'vitest';
import { addressRange } from './address-range.js';

describe('the network of a client address', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['10.1.2.3', '10.1.2.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['::ffff:c633:6409', '198.51.100.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s is in %s', (ip, range) => {
    expect(addressRange(ip)).toBe(range);
  });

  it('puts the addresses of one /64 together and neighbouring /64s apart', () => {
    expect(addressRange('2001:db8:a:b::1')).toBe(addressRange('2001:db8:a:b:ffff:ffff:ffff:ffff'));
    expect(addressRange('2001:db8:a:b::1')).not.toBe(addressRange('2001:db8:a:c::1'));
  });
});
