import { describe, expect, it } from 'vitest';
import { addressKey, inRange, parseCidr, parseClientIp, parseIp, parseIpv4, sameAddress } from '../../../src/lib/ip';
import { valueProblem } from '../../../src/lib/schemas/dns';
import { parseImportLines } from '../../../src/lib/schemas/add-domains';
import { allowedAddresses } from '../../../src/lib/schemas/company';
import { checkCondition } from '../../../src/lib/schemas/firewall';
import { customHostSchema, INVALID_IP_ADDRESS } from '../../../src/lib/schemas/hosting-accounts';
import { isCloudflareAddress } from '../../../src/server/checks/domain-checks';

const within = (address: string, range: string) => {
  const a = parseClientIp(address);
  const r = parseCidr(range);
  if (!a || !r) throw new Error(`unreadable: ${address} or ${range}`);
  return inRange(a, r);
};

describe('the one IP address rule', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['10.0.0.1', '10.0.0.1'],
    ['255.255.255.255', '255.255.255.255'],
    ['100.64.0.100', '100.64.0.100'],
    ['::', '0000:0000:0000:0000:0000:0000:0000:0000'],
    ['::1', '0000:0000:0000:0000:0000:0000:0000:0001'],
    ['2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['2001:DB8:0:0:0:0:0:1', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['1::', '0001:0000:0000:0000:0000:0000:0000:0000'],
    ['64:ff9b::192.0.2.33', '0064:ff9b:0000:0000:0000:0000:c000:0221'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
  ])('%s is the address %s', (text, key) => {
    const address = parseIp(text);
    expect(address && addressKey(address)).toBe(key);
  });

  it.each([
    // A leading zero: octal 4 to inet_aton, decimal 4 to others; the text names no one address.
    '1.2.3.04',
    '01.2.3.4',
    '1.02.3.4',
    '010.0.0.1',
    '1.2.3.00',
    '1.2.3.256',
    '256.1.1.1',
    '1.2.3.1000',
    // Blanks around the address: forms trim what was typed; the parser takes the text as it is.
    ' 1.2.3.4',
    '1.2.3.4 ',
    '1.2.3.4\n',
    // inet_aton's short, hex and octal forms.
    '1.2.3',
    '127.1',
    '0x7f.0.0.1',
    '0x7f000001',
    '2130706433',
    '1.2.3.4.5',
    '1.2.3.4.',
    '1.2.3.-4',
    '+1.2.3.4',
    '１.２.３.４',
    'a.b.c.d',
    '',
    'localhost',
    // IPv6: the IPv4 tail follows the IPv4 rule.
    '::ffff:1.2.3.04',
    '::ffff:1.2.3.256',
    '::1.2.3',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    ':::',
    '12345::',
    'g::1',
    '1.2.3.4::',
    '1:2:3:4:5:6:7::8',
    '[::1]',
    // A zone names an interface of one machine: no form or rule can hold it.
    'fe80::1%eth0',
    'fe80::1%1',
  ])('%j is no address', (text) => {
    expect(parseIp(text)).toBeNull();
  });

  it('reads only dotted IPv4 where a field takes IPv4 alone (an A record)', () => {
    expect(parseIpv4('192.0.2.1')).toEqual({ family: 4, bytes: Uint8Array.from([192, 0, 2, 1]) });
    expect(parseIpv4('::ffff:192.0.2.1')).toBeNull();
    expect(parseIpv4('2001:db8::1')).toBeNull();
    expect(parseIpv4('1.2.3.04')).toBeNull();
  });

  it('drops the zone of an address a socket reports, and nothing else', () => {
    expect(addressKey(parseClientIp('fe80::1%eth0')!)).toBe('fe80:0000:0000:0000:0000:0000:0000:0001');
    expect(addressKey(parseClientIp('::ffff:198.51.100.7')!)).toBe('198.51.100.7');
    expect(parseClientIp('1.2.3.04')).toBeNull();
    expect(parseClientIp('1.2.3.4%eth0')).toBeNull();
    expect(parseClientIp('fe80::1%')).not.toBeNull();
  });

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

  it.each([
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.0/',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '10.0.0/8',
    'abc/8',
    '10.0.0.0/0x8',
    '10.0.0.0/08',
    '10.0.0.04/8',
    ' 10.0.0.0/8',
    '10.0.0.0 /8',
    'fe80::%eth0/10',
    '',
  ])('%j is no range', (text) => {
    expect(parseCidr(text)).toBeNull();
  });
});

describe('every place reads addresses by the one rule', () => {
  const firewallProblem = (field: 'ip_address' | 'cidr', value: string) => {
    const checked = checkCondition({ field, operator: 'EQUALS', value: [value] });
    return 'issues' in checked ? checked.issues[0]!.message : null;
  };
  const allowlistProblem = (lines: string) => {
    const parsed = allowedAddresses.safeParse(lines);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };
  const importProblem = (ip: string) => parseImportLines(`example.com, ${ip}`).errors[0]?.message ?? null;
  const customHostProblem = (ip: string) => {
    const parsed = customHostSchema.safeParse({ name: 'Own', destination_type: 'IP_ADDRESS', ip_address: ip });
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it.each(['1.2.3.04', '01.2.3.4', '1.2.3.256', '1.2.3'])('%s is refused everywhere, each place with its own sentence', (bad) => {
    expect(valueProblem('A', bad)).toBe(`${bad} is not an IPv4 address.`);
    expect(importProblem(bad)).toBe(`${bad} is not an IPv4 address.`);
    expect(firewallProblem('ip_address', bad)).toBe(`${bad} is not an IP address.`);
    expect(firewallProblem('cidr', `${bad}/32`)).toBe(`${bad}/32 is not a CIDR range such as 192.0.2.0/24.`);
    expect(allowlistProblem(bad)).toBe(`"${bad}" is not an IP address or a CIDR range!`);
    expect(customHostProblem(bad)).toBe(INVALID_IP_ADDRESS);
    expect(isCloudflareAddress(bad)).toBe(false);
  });

  it('1.2.3.4 is taken everywhere', () => {
    expect(valueProblem('A', '1.2.3.4')).toBeNull();
    expect(importProblem('1.2.3.4')).toBeNull();
    expect(firewallProblem('ip_address', '1.2.3.4')).toBeNull();
    expect(firewallProblem('cidr', '1.2.3.4/32')).toBeNull();
    expect(allowlistProblem('1.2.3.4')).toBeNull();
    expect(customHostProblem('1.2.3.4')).toBeNull();
  });

  it('an IPv4 field takes no IPv6, the IPv4-mapped form included; the others take both', () => {
    for (const v6 of ['2001:db8::1', '::ffff:1.2.3.4']) {
      expect(valueProblem('A', v6)).toBe(`${v6} is not an IPv4 address.`);
      expect(firewallProblem('ip_address', v6)).toBeNull();
      expect(allowlistProblem(v6)).toBeNull();
      expect(customHostProblem(v6)).toBeNull();
    }
  });

  it('forms trim what was typed before reading it, so a blank around an address is no error', () => {
    expect(firewallProblem('ip_address', ' 1.2.3.4 ')).toBeNull();
    expect(allowlistProblem('  1.2.3.4  \n')).toBeNull();
    expect(importProblem(' 1.2.3.4 ')).toBeNull();
    expect(customHostProblem(' 1.2.3.4 ')).toBeNull();
  });
});
