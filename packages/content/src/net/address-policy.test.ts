import { describe, expect, it } from 'vitest';
import { addressRefusal, canonicalAddress, isLocalhostName } from './address-policy.js';

describe('the address policy of server-side fetches', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.31.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'rfc6145'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['64:ff9b::808:808', 'rfc6052'],
    ['64:ff9b:1::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'outside the global unicast block 2000::/3'],
    ['fe80::1%eth0', 'linkLocal'],
    ['localhost', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1::1', '::ffff:93.184.216.34'])(
    'allows the public address %s',
    (address) => {
      expect(addressRefusal(address)).toBeUndefined();
    },
  );

  it('unwraps IPv4-mapped addresses to the address a socket reaches', () => {
    expect(canonicalAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalAddress('example.com')).toBeUndefined();
    expect(canonicalAddress('127.1')).toBeUndefined();
  });

  it('knows localhost names in any case, with a trailing dot, and under localhost', () => {
    for (const name of ['localhost', 'LOCALHOST', 'localhost.', 'sub.localhost', 'a.b.Localhost..']) {
      expect(isLocalhostName(name)).toBe(true);
    }
    for (const name of ['localhost.example', 'notlocalhost', 'example.com']) expect(isLocalhostName(name)).toBe(false);
  });
});
