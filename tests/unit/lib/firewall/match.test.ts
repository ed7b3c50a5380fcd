import { describe, expect, it } from 'vitest';
import { matchesCondition, matchesRule, REGEX_MAX_LENGTH, type FirewallCondition, type FirewallRequest } from '../../../../src/lib/firewall';
import { visitor } from '../../../fixtures/firewall-cases';

const when = (field: string, operator: string, value: string | string[], name?: string): FirewallCondition => ({ field, operator, value, ...(name ? { name } : {}) });

const request: FirewallRequest = visitor({
  method: 'POST',
  host: 'Shop.Example.test',
  path: '/Blog/2026/hello-world',
  query: 'page=2&Sort=Date',
  headers: {
    'user-agent': 'Mozilla/5.0 Firefox/140.0',
    referer: 'https://search.example/?q=Shoes',
    cookie: 'session=abc123; theme=Dark',
    'x-forwarded-for': '198.51.100.1, 10.0.0.1',
    'x-api-key': 'Secret-Key',
  },
  cookies: { session: 'abc123', theme: 'Dark' },
  client: '81.2.69.160',
  country: 'GB',
  asn: 20712,
});

describe('text operators, on every text field', () => {
  // [field, name, a value equal to what the request has, a part in its middle, its start, its end]
  it.each([
    ['host', undefined, 'shop.example.test', 'example', 'shop.', '.test'],
    ['uri_path', undefined, '/Blog/2026/hello-world', '/2026/', '/Blog', 'world'],
    ['query_string', undefined, 'page=2&Sort=Date', '&Sort=', 'page=', 'Date'],
    ['referer', undefined, 'https://search.example/?q=Shoes', 'search', 'https://', 'Shoes'],
    ['user_agent', undefined, 'Mozilla/5.0 Firefox/140.0', 'Firefox', 'Mozilla', '140.0'],
    ['cookie', undefined, 'session=abc123; theme=Dark', 'theme=', 'session=', 'Dark'],
    ['cookie', 'theme', 'Dark', 'ar', 'Da', 'rk'],
    ['x_forwarded_for', undefined, '198.51.100.1, 10.0.0.1', ', ', '198.', '.1'],
    ['header', 'X-Api-Key', 'Secret-Key', 'ret-K', 'Sec', 'Key'],
  ] as const)('%s (%s)', (field, name, equal, middle, start, end) => {
    const holds = (operator: string, value: string) => matchesCondition(request, when(field, operator, value, name));
    expect(holds('EQUALS', equal)).toBe(true);
    expect(holds('EQUALS', middle)).toBe(false);
    expect(holds('NOT_EQUALS', equal)).toBe(false);
    expect(holds('NOT_EQUALS', middle)).toBe(true);
    expect(holds('CONTAINS', middle)).toBe(true);
    expect(holds('CONTAINS', 'zzz')).toBe(false);
    expect(holds('NOT_CONTAINS', middle)).toBe(false);
    expect(holds('NOT_CONTAINS', 'zzz')).toBe(true);
    expect(holds('STARTS_WITH', start)).toBe(true);
    expect(holds('STARTS_WITH', end)).toBe(false);
    expect(holds('ENDS_WITH', end)).toBe(true);
    expect(holds('ENDS_WITH', start)).toBe(false);
    expect(holds('REGEX', `^${start.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}`)).toBe(true);
    expect(holds('REGEX', '^zzz')).toBe(false);
  });

  it('reads an absent header, cookie or query as empty', () => {
    const bare = visitor({ headers: {}, userAgent: '' });
    expect(matchesCondition(bare, when('referer', 'EQUALS', ''))).toBe(true);
    expect(matchesCondition(bare, when('referer', 'CONTAINS', 'x'))).toBe(false);
    expect(matchesCondition(bare, when('referer', 'NOT_CONTAINS', 'x'))).toBe(true);
    expect(matchesCondition(bare, when('cookie', 'NOT_EQUALS', 'abc', 'session'))).toBe(true);
    expect(matchesCondition(bare, when('header', 'EQUALS', '', 'x-missing'))).toBe(true);
    expect(matchesCondition(bare, when('query_string', 'EQUALS', ''))).toBe(true);
  });

  it('never takes a header or cookie name for a key of Object.prototype', () => {
    expect(matchesCondition(request, when('header', 'EQUALS', '', 'constructor'))).toBe(true);
    expect(matchesCondition(request, when('cookie', 'EQUALS', '', '__proto__'))).toBe(true);
  });

  it('refuses a header condition without a name, whatever its operator', () => {
    expect(matchesCondition(request, when('header', 'EQUALS', ''))).toBe(false);
    expect(matchesCondition(request, when('header', 'NOT_EQUALS', 'x', '  '))).toBe(false);
  });
});

describe('case rules', () => {
  it('compares host names without case', () => {
    expect(matchesCondition(request, when('host', 'EQUALS', 'SHOP.EXAMPLE.TEST'))).toBe(true);
    expect(matchesCondition(request, when('host', 'STARTS_WITH', 'SHOP'))).toBe(true);
    expect(matchesCondition(request, when('host', 'REGEX', '^shop\\.'))).toBe(true);
  });

  it('keeps case in paths, queries and header values, REGEX included', () => {
    expect(matchesCondition(request, when('uri_path', 'EQUALS', '/blog/2026/hello-world'))).toBe(false);
    expect(matchesCondition(request, when('uri_path', 'STARTS_WITH', '/blog'))).toBe(false);
    expect(matchesCondition(request, when('query_string', 'CONTAINS', 'sort='))).toBe(false);
    expect(matchesCondition(request, when('user_agent', 'CONTAINS', 'firefox'))).toBe(false);
    expect(matchesCondition(request, when('cookie', 'EQUALS', 'dark', 'theme'))).toBe(false);
    expect(matchesCondition(request, when('uri_path', 'REGEX', '^/blog/'))).toBe(false);
  });

  it('lets a pattern ignore case where the field keeps it, with (?i:...)', () => {
    expect(matchesCondition(request, when('user_agent', 'REGEX', '(?i:firefox)'))).toBe(true);
  });

  it('ignores case in a condition that says ignore_case, with every text operator and on every text field (issue 33)', () => {
    const anyCase = (field: string, operator: string, value: string, name?: string) => matchesCondition(request, { ...when(field, operator, value, name), ignore_case: true });
    expect(anyCase('uri_path', 'EQUALS', '/BLOG/2026/HELLO-WORLD')).toBe(true);
    expect(anyCase('uri_path', 'NOT_EQUALS', '/blog/2026/hello-world')).toBe(false);
    expect(anyCase('uri_path', 'STARTS_WITH', '/blog')).toBe(true);
    expect(anyCase('uri_path', 'ENDS_WITH', 'WORLD')).toBe(true);
    expect(anyCase('uri_path', 'CONTAINS', '/BLOG/')).toBe(true);
    expect(anyCase('uri_path', 'NOT_CONTAINS', '/BLOG/')).toBe(false);
    expect(anyCase('uri_path', 'REGEX', '^/blog/')).toBe(true);
    expect(anyCase('query_string', 'CONTAINS', 'sort=')).toBe(true);
    expect(anyCase('user_agent', 'CONTAINS', 'FIREFOX')).toBe(true);
    expect(anyCase('cookie', 'EQUALS', 'dark', 'theme')).toBe(true);
    expect(anyCase('header', 'EQUALS', 'secret-key', 'X-Api-Key')).toBe(true);
    expect(anyCase('referer', 'ENDS_WITH', 'shoes')).toBe(true);
    expect(anyCase('uri_path', 'STARTS_WITH', '/shop')).toBe(false);
    // Only true turns it on: a stored false keeps case.
    expect(matchesCondition(request, { ...when('uri_path', 'STARTS_WITH', '/blog'), ignore_case: false })).toBe(false);
  });

  it('names header names and cookie names: header names without case, cookie names with it', () => {
    expect(matchesCondition(request, when('header', 'EQUALS', 'Secret-Key', 'X-API-KEY'))).toBe(true);
    expect(matchesCondition(request, when('cookie', 'EQUALS', 'Dark', 'Theme'))).toBe(false);
  });

  it('compares methods, countries and bots without case', () => {
    expect(matchesCondition(request, when('request_method', 'EQUALS', ['get', 'post']))).toBe(true);
    expect(matchesCondition(visitor({ method: 'delete' }), when('request_method', 'EQUALS', ['DELETE']))).toBe(true);
    expect(matchesCondition(request, when('country', 'EQUALS', ['gb']))).toBe(true);
    expect(matchesCondition(visitor({ predefinedBot: 'ahrefsbot' }), when('predefined_bot', 'EQUALS', 'AhrefsBot'))).toBe(true);
  });
});

describe('REGEX', () => {
  it('matches anywhere unless anchored', () => {
    expect(matchesCondition(request, when('uri_path', 'REGEX', '\\d{4}'))).toBe(true);
    expect(matchesCondition(request, when('uri_path', 'REGEX', '^\\d{4}'))).toBe(false);
    expect(matchesCondition(request, when('uri_path', 'REGEX', '^/Blog/\\d+/[a-z-]+$'))).toBe(true);
  });

  it('never matches, and never throws, on a pattern that does not compile', () => {
    for (const pattern of ['(', '[a-', '*', '(?<name', '\\']) {
      expect(() => matchesCondition(request, when('uri_path', 'REGEX', pattern))).not.toThrow();
      expect(matchesCondition(request, when('uri_path', 'REGEX', pattern))).toBe(false);
    }
  });

  it(`never matches a pattern longer than ${REGEX_MAX_LENGTH} characters`, () => {
    const atCap = '.?'.repeat(REGEX_MAX_LENGTH / 2);
    expect(atCap).toHaveLength(REGEX_MAX_LENGTH);
    expect(matchesCondition(request, when('uri_path', 'REGEX', atCap))).toBe(true);
    expect(matchesCondition(request, when('uri_path', 'REGEX', `${atCap}.`))).toBe(false);
  });

  it('is one of several patterns when given a list', () => {
    expect(matchesCondition(request, when('uri_path', 'REGEX', ['^/shop', 'hello']))).toBe(true);
  });
});

describe('list-type fields', () => {
  it('reads EQUALS as "is one of" and NOT_EQUALS as "is none of"', () => {
    expect(matchesCondition(request, when('country', 'EQUALS', ['CN', 'GB']))).toBe(true);
    expect(matchesCondition(request, when('country', 'EQUALS', ['CN', 'RU']))).toBe(false);
    expect(matchesCondition(request, when('country', 'NOT_EQUALS', ['CN', 'RU']))).toBe(true);
    expect(matchesCondition(request, when('country', 'NOT_EQUALS', ['CN', 'GB']))).toBe(false);
  });

  it('reads a single value as a list of one (the seed writes some so)', () => {
    expect(matchesCondition(request, when('ip_address', 'EQUALS', '81.2.69.160'))).toBe(true);
    expect(matchesCondition(request, when('country', 'EQUALS', 'GB'))).toBe(true);
  });

  it('matches nothing with an empty list, so NOT_EQUALS of it matches everything', () => {
    expect(matchesCondition(request, when('country', 'EQUALS', []))).toBe(false);
    expect(matchesCondition(request, when('country', 'NOT_EQUALS', []))).toBe(true);
  });

  it('refuses text operators, whatever they would say', () => {
    for (const operator of ['CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX']) {
      expect(matchesCondition(request, when('country', operator, ['G']))).toBe(false);
      expect(matchesCondition(request, when('ip_address', operator, ['81.']))).toBe(false);
    }
  });

  it('has no country or ASN for an address without one: never one of, always none of', () => {
    const local = visitor({ client: '127.0.0.1', country: null, asn: null });
    expect(matchesCondition(local, when('country', 'EQUALS', ['US']))).toBe(false);
    expect(matchesCondition(local, when('country', 'NOT_EQUALS', ['US']))).toBe(true);
    expect(matchesCondition(local, when('asn', 'EQUALS', ['0']))).toBe(false);
    expect(matchesCondition(local, when('asn', 'NOT_EQUALS', ['15169']))).toBe(true);
  });

  it('reads an autonomous number with or without AS', () => {
    expect(matchesCondition(request, when('asn', 'EQUALS', ['15169', 'AS20712']))).toBe(true);
    expect(matchesCondition(request, when('asn', 'EQUALS', ['as20712']))).toBe(true);
    expect(matchesCondition(request, when('asn', 'EQUALS', ['20712']))).toBe(true);
    expect(matchesCondition(request, when('asn', 'EQUALS', ['2071', 'AS-20712', 'twenty']))).toBe(false);
    expect(matchesCondition(request, when('asn', 'NOT_EQUALS', ['15169']))).toBe(true);
  });

  it('compares IP addresses as addresses, not as text', () => {
    const v6 = visitor({ client: '2001:db8::7' });
    expect(matchesCondition(v6, when('ip_address', 'EQUALS', ['2001:0DB8:0:0::7']))).toBe(true);
    expect(matchesCondition(visitor({ client: '::ffff:81.2.69.160' }), when('ip_address', 'EQUALS', ['81.2.69.160']))).toBe(true);
    expect(matchesCondition(request, when('ip_address', 'EQUALS', ['81.2.69.16', 'not an address']))).toBe(false);
    expect(matchesCondition(request, when('ip_address', 'NOT_EQUALS', ['81.2.69.16']))).toBe(true);
  });

  it('puts the client in any of the CIDR ranges, v4 and v6 alike', () => {
    expect(matchesCondition(request, when('cidr', 'EQUALS', ['10.0.0.0/8', '81.2.0.0/16']))).toBe(true);
    expect(matchesCondition(request, when('cidr', 'EQUALS', ['10.0.0.0/8', '::/0']))).toBe(false);
    expect(matchesCondition(request, when('cidr', 'NOT_EQUALS', ['10.0.0.0/8', '::/0']))).toBe(true);
    expect(matchesCondition(request, when('cidr', 'EQUALS', ['0.0.0.0/0']))).toBe(true);
    expect(matchesCondition(visitor({ client: '2001:db8::1' }), when('cidr', 'EQUALS', ['2001:db8::/32']))).toBe(true);
    // A range that does not read is in nobody's way and holds nobody.
    expect(matchesCondition(request, when('cidr', 'EQUALS', ['81.2.0.0/99']))).toBe(false);
  });

  it('holds no client when the address is unknown', () => {
    const unknown = visitor({ client: null });
    expect(matchesCondition(unknown, when('cidr', 'EQUALS', ['0.0.0.0/0']))).toBe(false);
    expect(matchesCondition(unknown, when('ip_address', 'NOT_EQUALS', ['1.2.3.4']))).toBe(true);
  });
});

describe('the bot fields', () => {
  const crawler = visitor({ isBot: true, predefinedBot: 'semrushbot' });
  const browser = visitor();

  it('is bot: EQUALS true or false', () => {
    expect(matchesCondition(crawler, when('is_bot', 'EQUALS', 'true'))).toBe(true);
    expect(matchesCondition(browser, when('is_bot', 'EQUALS', 'true'))).toBe(false);
    expect(matchesCondition(browser, when('is_bot', 'EQUALS', 'false'))).toBe(true);
    expect(matchesCondition(browser, when('is_bot', 'NOT_EQUALS', 'true'))).toBe(true);
    expect(matchesCondition(crawler, when('is_bot', 'EQUALS', 'TRUE'))).toBe(true);
    expect(matchesCondition(crawler, when('is_bot', 'EQUALS', 'yes'))).toBe(false);
  });

  it('predefined bot: the value the caller found, by its value', () => {
    expect(matchesCondition(crawler, when('predefined_bot', 'EQUALS', 'semrushbot', 'SemrushBot'))).toBe(true);
    expect(matchesCondition(crawler, when('predefined_bot', 'EQUALS', 'ahrefsbot', 'AhrefsBot'))).toBe(false);
    expect(matchesCondition(crawler, when('predefined_bot', 'NOT_EQUALS', 'ahrefsbot', 'AhrefsBot'))).toBe(true);
    expect(matchesCondition(browser, when('predefined_bot', 'EQUALS', 'semrushbot'))).toBe(false);
    expect(matchesCondition(browser, when('predefined_bot', 'NOT_EQUALS', 'semrushbot'))).toBe(true);
    expect(matchesCondition(crawler, when('predefined_bot', 'CONTAINS', 'semrush'))).toBe(false);
  });
});

describe('conditions the evaluator cannot read', () => {
  it('are false whatever their operator', () => {
    expect(matchesCondition(request, when('colour', 'EQUALS', 'red'))).toBe(false);
    expect(matchesCondition(request, when('colour', 'NOT_EQUALS', 'red'))).toBe(false);
    expect(matchesCondition(request, when('host', 'LIKE', 'shop%'))).toBe(false);
    expect(matchesCondition(request, when('host', 'equals', 'shop.example.test'))).toBe(false);
  });
});

describe('AND-groups of OR-conditions', () => {
  const gb = when('country', 'EQUALS', ['GB']);
  const cn = when('country', 'EQUALS', ['CN']);
  const post = when('request_method', 'EQUALS', ['POST']);
  const get = when('request_method', 'EQUALS', ['GET']);

  it('needs one condition of each group', () => {
    expect(matchesRule(request, [[gb], [post]])).toBe(true);
    expect(
      matchesRule(request, [
        [cn, gb],
        [get, post],
      ]),
    ).toBe(true);
    expect(matchesRule(request, [[cn, gb], [get]])).toBe(false);
    expect(matchesRule(request, [[cn], [post]])).toBe(false);
    expect(matchesRule(request, [[cn, get]])).toBe(false);
    expect(matchesRule(request, [[cn, post]])).toBe(true);
  });

  it('is met by every request without groups, and by none with an empty group', () => {
    expect(matchesRule(request, [])).toBe(true);
    expect(matchesRule(request, [[gb], []])).toBe(false);
  });

  it('applies NOT_ inside a group to one condition only', () => {
    const notGb = when('country', 'NOT_EQUALS', ['GB']);
    expect(matchesRule(request, [[notGb]])).toBe(false);
    expect(matchesRule(request, [[notGb, post]])).toBe(true);
  });
});
