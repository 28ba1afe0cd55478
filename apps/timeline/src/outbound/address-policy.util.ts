import ipaddr from 'ipaddr.js';

/** IANA's global unicast block; every other IPv6 prefix is special-purpose or unallocated. */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');
const IPV6_GLOBAL_UNICAST_BITS = 3;

/**
 * Whether an outbound connection may go to this address: only global unicast.
 *
 * Refused: anything that is not an IP address, every range ipaddr.js names
 * (loopback, private, link-local, CGNAT, multicast, unspecified, broadcast,
 * reserved, unique-local, ...), and every IPv6 form that embeds an IPv4
 * address: IPv4-mapped and NAT64 (64:ff9b::/96) fall outside 2000::/3, 6to4 and
 * Teredo are ranges of their own, and IPv4-compatible (::a.b.c.d), which
 * ipaddr.js calls unicast, is outside 2000::/3 as well.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.zoneId !== undefined) return false;
  if (v6.isIPv4MappedAddress()) return false;
  if (!v6.match(IPV6_GLOBAL_UNICAST, IPV6_GLOBAL_UNICAST_BITS)) return false;
  return v6.range() === 'unicast';
}
