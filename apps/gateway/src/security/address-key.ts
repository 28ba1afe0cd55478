import ipaddr from 'ipaddr.js';

/** The leading 16-bit groups of an IPv6 address that name its /64. */
const IPV6_PREFIX_GROUPS = 4;

/**
 * The key a client address is limited under. One IPv6 host (or customer)
 * usually holds a whole /64 and can pick any address in it, so IPv6 addresses
 * are grouped by /64 (as Mastodon does); IPv4 addresses stand alone, and an
 * IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4 address. Anything
 * that is not an address (only a trusted proxy could send one) is kept as it is.
 */
export function addressKeyOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address instanceof ipaddr.IPv4) return address.toString();
  const groups = address.parts.slice(0, IPV6_PREFIX_GROUPS);
  const network = new ipaddr.IPv6([...groups, 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
