import { addressKeyOf } from './address-key';

describe(addressKeyOf.name, () => {
  it('groups IPv6 addresses by their /64', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:abcd:0:0:7',
    ].map(addressKeyOf);
    expect(keys).toEqual(Array<string>(4).fill('2001:db8:1:2::/64'));
  });

  it('keeps different /64s apart, however close', () => {
    expect(addressKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKeyOf('2001:db8:1:1:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:1::/64');
    expect(addressKeyOf('2001:db9:1:2::1')).toBe('2001:db9:1:2::/64');
  });

  it('keeps each IPv4 address on its own', () => {
    expect(['203.0.113.1', '203.0.113.2'].map(addressKeyOf)).toEqual([
      '203.0.113.1',
      '203.0.113.2',
    ]);
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, in either notation', () => {
    expect(addressKeyOf('::ffff:203.0.113.1')).toBe('203.0.113.1');
    expect(addressKeyOf('::ffff:cb00:7101')).toBe('203.0.113.1');
    expect(addressKeyOf('::FFFF:203.0.113.2')).toBe('203.0.113.2');
  });

  it('drops an IPv6 zone, which names the interface, not the host', () => {
    expect(addressKeyOf('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKeyOf('fe80::2%eth1')).toBe('fe80::/64');
  });

  it('keeps something that is not an address as it is', () => {
    expect(addressKeyOf('unknown')).toBe('unknown');
    expect(addressKeyOf('')).toBe('');
  });
});
