import { describe, expect, it } from 'vitest';
import { asnOf } from '../../../src/server/services/asn';

// Addresses of networks whose numbers do not change: Cloudflare's resolver, Google's, Hurricane Electric's.
describe("asnOf (the firewall's autonomous number, from @ip-location-db/asn)", () => {
  it('finds the autonomous system of IPv4 and IPv6 addresses', async () => {
    expect(await asnOf('1.1.1.1')).toBe(13335);
    expect(await asnOf('8.8.8.8')).toBe(15169);
    expect(await asnOf('2606:4700:4700::1111')).toBe(13335);
    expect(await asnOf('2001:4860:4860::8888')).toBe(15169);
    expect(await asnOf('::ffff:1.1.1.1')).toBe(13335);
  });

  it('answers null for private, reserved and malformed addresses', async () => {
    expect(await asnOf('10.1.2.3')).toBeNull();
    expect(await asnOf('192.0.2.1')).toBeNull();
    expect(await asnOf('::1')).toBeNull();
    expect(await asnOf('not an address')).toBeNull();
  });
});
