import { describe, expect, it } from 'vitest';
import { addressKey, inRange, parseCidr, parseIp, sameAddress } from '../../../../src/lib/firewall/ip';

const within = (address: string, range: string) => {
  const a = parseIp(address);
  const r = parseCidr(range);
  if (!a || !r) throw new Error(`unreadable: ${address} or ${range}`);
  return inRange(a, r);
};

describe('reading addresses', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    [' 10.0.0.1 ', '10.0.0.1'],
    ['::', '0000:0000:0000:0000:0000:0000:0000:0000'],
    ['::1', '0000:0000:0000:0000:0000:0000:0000:0001'],
    ['2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['2001:DB8:0:0:0:0:0:1', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['fe80::1%eth0', 'fe80:0000:0000:0000:0000:0000:0000:0001'],
    ['1::', '0001:0000:0000:0000:0000:0000:0000:0000'],
    ['64:ff9b::192.0.2.33', '0064:ff9b:0000:0000:0000:0000:c000:0221'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
  ])('%s is %s', (text, key) => {
    const address = parseIp(text);
    expect(address && addressKey(address)).toBe(key);
  });

  it.each(['', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1.2.3.-4', 'a.b.c.d', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '1::2::3', ':::', '12345::', 'g::1', '::1.2.3', '1.2.3.4::', '1:2:3:4:5:6:7::8', 'localhost'])(
    '%j is no address',
    (text) => {
      expect(parseIp(text)).toBeNull();
    },
  );

  it('answers one address for two spellings', () => {
    expect(sameAddress(parseIp('2001:db8:0:0::7')!, parseIp('2001:0DB8::7')!)).toBe(true);
    expect(sameAddress(parseIp('::ffff:198.51.100.7')!, parseIp('198.51.100.7')!)).toBe(true);
    expect(sameAddress(parseIp('::198.51.100.7')!, parseIp('198.51.100.7')!)).toBe(false);
  });
});

describe('CIDR ranges', () => {
  it.each([
    ['10.1.2.3', '10.0.0.0/8', true],
    ['11.0.0.0', '10.0.0.0/8', false],
    ['192.168.1.255', '192.168.1.0/24', true],
    ['192.168.2.0', '192.168.1.0/24', false],
    ['172.31.255.255', '172.16.0.0/12', true],
    ['172.32.0.0', '172.16.0.0/12', false],
    ['203.0.113.7', '203.0.113.7/32', true],
    ['203.0.113.8', '203.0.113.7/32', false],
    ['203.0.113.7', '203.0.113.7', true],
    ['1.2.3.4', '0.0.0.0/0', true],
    ['255.255.255.255', '0.0.0.0/0', true],
    ['10.200.0.1', '10.1.2.3/8', true],
  ])('IPv4 %s in %s: %s', (address, range, expected) => {
    expect(within(address, range)).toBe(expected);
  });

  it.each([
    ['2001:db8:1:ff::5', '2001:db8:1::/48', true],
    ['2001:db8:2::5', '2001:db8:1::/48', false],
    ['2001:db8::1', '2001:db8::/32', true],
    ['2001:db9::1', '2001:db8::/32', false],
    ['2001:db8::7', '2001:db8::7/128', true],
    ['2001:db8::8', '2001:db8::7/128', false],
    ['2001:db8::7', '2001:db8::7', true],
    ['::1', '::/0', true],
    ['ffff::1', '::/0', true],
    ['2001:db8:0:ff80::', '2001:db8:0:ff80::/57', true],
    ['2001:db8:0:ff00::', '2001:db8:0:ff80::/57', false],
    ['fe80::1%eth0', 'fe80::/10', true],
  ])('IPv6 %s in %s: %s', (address, range, expected) => {
    expect(within(address, range)).toBe(expected);
  });

  it('never matches across families: ::/0 holds no IPv4 address, 0.0.0.0/0 no IPv6 one', () => {
    expect(within('1.2.3.4', '::/0')).toBe(false);
    expect(within('::1', '0.0.0.0/0')).toBe(false);
    expect(within('::102:304', '1.2.3.4/32')).toBe(false);
  });

  it('reads IPv4-mapped addresses and ranges as IPv4', () => {
    expect(within('::ffff:10.9.8.7', '10.0.0.0/8')).toBe(true);
    expect(within('10.9.8.7', '::ffff:10.0.0.0/104')).toBe(true);
    expect(within('11.9.8.7', '::ffff:10.0.0.0/104')).toBe(false);
    expect(parseCidr('::ffff:0.0.0.0/96')).toMatchObject({ family: 4, prefix: 0 });
    // Below /96 the range is wider than the mapped block, so it stays IPv6.
    expect(parseCidr('::/80')).toMatchObject({ family: 6, prefix: 80 });
  });

  it.each(['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/-1', '10.0.0.0/8/8', '10.0.0/8', 'abc/8', '10.0.0.0/0x8', ''])('%j is no range', (text) => {
    expect(parseCidr(text)).toBeNull();
  });
});
