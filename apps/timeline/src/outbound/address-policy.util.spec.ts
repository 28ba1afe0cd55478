import { isPublicAddress } from './address-policy.util';
import { outboundTargetOf, parseOutboundUrl } from './outbound-url.util';

describe(isPublicAddress.name, () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, elsewhere in 127/8', '127.255.255.254'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12, low end', '172.16.0.1'],
    ['private 172.16/12, high end', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['CGNAT 100.64/10', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['unspecified', '0.0.0.0'],
    ['"this network" 0/8', '0.1.2.3'],
    ['broadcast', '255.255.255.255'],
    ['reserved 240/4', '240.0.0.1'],
    ['documentation (TEST-NET-1)', '192.0.2.1'],
    ['benchmarking 198.18/15', '198.18.0.1'],
    ['IETF protocol assignments 192.0.0/24', '192.0.0.8'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 unique-local fc00::/7', 'fc00::1'],
    ['IPv6 unique-local fd00::/8', 'fd12::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 site-local (deprecated)', 'fec0::1'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped public (refused outright)', '::ffff:8.8.8.8'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv4-compatible, hex', '::7f00:1'],
    ['IPv4-translated (RFC 6145)', '::ffff:0:7f00:1'],
    ['NAT64 64:ff9b::/96', '64:ff9b::7f00:1'],
    ['NAT64 of a public address', '64:ff9b::808:808'],
    ['local-use NAT64 64:ff9b:1::/48', '64:ff9b:1::a00:1'],
    ['6to4', '2002:7f00:1::'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv6 discard-only', '100::1'],
    ['not an address', 'example.com'],
    ['empty', ''],
    ['garbage', '1.2.3.4.5'],
  ])('refuses %s (%s)', (_label, ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:81c::200e'])(
    'allows the public address %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  it.each([
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::1]:8080/', '::1'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
  ])('sees through the numeric host of %s', (raw, ip) => {
    const target = outboundTargetOf(parseOutboundUrl(raw));
    expect(target.ip).toBe(ip);
    expect(isPublicAddress(ip)).toBe(false);
  });
});
