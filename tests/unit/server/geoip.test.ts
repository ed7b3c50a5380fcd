import { describe, expect, it } from 'vitest';
import { lookupLocation } from '../../../src/server/services/geoip';

describe('lookupLocation', () => {
  it('finds the country of public IPv4 and IPv6 addresses in the DB-IP database', async () => {
    expect(await lookupLocation('8.8.8.8')).toEqual({ country: { code: 'US', name: 'United States' }, city: null });
    expect((await lookupLocation('2a00:1450:4001:80b::200e')).country?.code).toBe('DE');
  });

  it('answers no country for private, loopback, link-local and malformed addresses', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', 'unknown', '', null]) {
      expect(await lookupLocation(ip), String(ip)).toEqual({ country: null, city: null });
    }
  });
});
