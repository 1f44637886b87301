import { describe, expect, it } from 'vitest';
import { isLocalAddress, locateIp } from './ip-location';

describe('where the customer is (offline IP to country)', () => {
  it('reads loopback and private addresses as local', () => {
    const addresses = ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.20', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'];
    expect(addresses.map((ip) => [ip, locateIp(ip).countryCode])).toEqual(addresses.map((ip) => [ip, 'local']));
    expect(isLocalAddress('8.8.8.8')).toBe(false);
    expect(isLocalAddress('172.32.0.1')).toBe(false);
  });

  it('finds the country of public IPv4 and IPv6 addresses from the shipped table', () => {
    // 1.0.0.0/24 is registered to Australia (APNIC), 2001:4860::/32 to the United States, 2a00:1450::/29 to Ireland.
    expect(locateIp('1.0.0.1')).toEqual({ ip: '1.0.0.1', countryCode: 'AU', country: 'Australia' });
    expect(locateIp('::ffff:1.0.0.1')).toMatchObject({ ip: '1.0.0.1', countryCode: 'AU' });
    expect(locateIp('2001:4860:4860::8888')).toMatchObject({ countryCode: 'US', country: 'United States' });
    expect(locateIp('2a00:1450:4001::1')).toMatchObject({ countryCode: 'IE', country: 'Ireland' });
  });

  it('answers unknown for what it cannot place', () => {
    expect(locateIp('not-an-address')).toMatchObject({ countryCode: 'unknown' });
    // 240.0.0.0/4 is reserved, never allocated.
    expect(locateIp('240.1.2.3')).toMatchObject({ countryCode: 'unknown', country: 'unknown' });
  });
});
