import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('clientNetwork', () => {
  it('counts IPv4 per address, mapped or not', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one network, however it is written', () => {
    const net = '2001:db8:0:1::/64';
    expect(clientNetwork('2001:db8:0:1::1')).toBe(net);
    expect(clientNetwork('2001:DB8:0:1:ffff:ffff:ffff:fffe')).toBe(net);
    expect(clientNetwork('2001:0db8:0000:0001:0:0:0:e')).toBe(net);
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('tells two /64 networks apart', () => {
    expect(clientNetwork('2001:db8:0:1::1')).not.toBe(clientNetwork('2001:db8:0:2::1'));
  });
});
