import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address-key.ts';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(clientAddressKey('2001:db8:85a3:42::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:85a3:0042:ffff:1:2:3')).toBe(key);
    expect(clientAddressKey('2001:DB8:85A3:42:0:0:0:9')).toBe(key);
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8:1:2:3::')).toBe('2001:db8:1:2::/64');
  });
});
