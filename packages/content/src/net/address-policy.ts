/**
 * Which addresses the site's own server-side requests may connect to: only public unicast
 * addresses. The address classes are `ipaddr.js`'s; this module is the policy over them.
 *
 * @module
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** IPv6's global unicast block (RFC 4291): outside it, `ipaddr.js` still calls some space `unicast`. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * The address a socket would really reach: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) unwrapped to
 * its IPv4 address, any other address in its canonical text; `undefined` when `address` is
 * not an IP address (a host name, or a spelling `net.isIP` does not accept).
 *
 * @example
 * canonicalAddress('::ffff:7f00:1'); // '127.0.0.1'
 * canonicalAddress('example.com'); // undefined
 */
export function canonicalAddress(address: string): string | undefined {
  if (isIP(address) === 0) return undefined;
  return ipaddr.process(address).toString();
}

/**
 * Why the site may not connect to `address`, or `undefined` when it may. Allowed is only what
 * `ipaddr.js` classifies as `unicast` once IPv4-mapped addresses are unwrapped, and for IPv6
 * only inside `2000::/3`. So loopback, private, link-local, unique-local, carrier-grade NAT,
 * `0.0.0.0/8`, `::`, multicast, broadcast, reserved and documentation ranges are refused, and
 * so are the IPv6 forms that carry an IPv4 address (IPv4-translated, NAT64, 6to4, Teredo,
 * IPv4-compatible `::a.b.c.d`) whatever that address is.
 *
 * @example
 * addressRefusal('127.0.0.1'); // 'loopback'
 * addressRefusal('::ffff:10.0.0.1'); // 'private'
 * addressRefusal('64:ff9b::7f00:1'); // 'rfc6052'
 * addressRefusal('93.184.216.34'); // undefined
 */
export function addressRefusal(address: string): string | undefined {
  if (isIP(address) === 0) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST_V6)) return 'outside the global unicast block 2000::/3';
  return undefined;
}

/**
 * Whether a host name is one of the special-use names that always mean this machine
 * (`localhost` and any name under it, RFC 6761), in any case and with or without a trailing dot:
 * these are refused without asking a resolver.
 *
 * @example
 * isLocalhostName('Sub.LOCALHOST.'); // true
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
