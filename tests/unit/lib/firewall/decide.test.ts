import { describe, expect, it } from 'vitest';
import {
  createMemoryRateCounter,
  decide,
  DEFAULT_MAX_REQUESTS,
  orderRules,
  type FirewallAction,
  type FirewallCondition,
  type FirewallRule,
  type RateCounter,
} from '../../../../src/lib/firewall';
import { CASE_EPOCH, visitor } from '../../../fixtures/firewall-cases';

const fromChina: FirewallCondition = { field: 'country', operator: 'EQUALS', value: ['CN'] };
const adminPath: FirewallCondition = { field: 'uri_path', operator: 'STARTS_WITH', value: '/admin' };

let next = 0;
function rule(priority: number, conditions: FirewallCondition[][], action: Partial<FirewallAction> = {}, extra: Partial<FirewallRule> = {}): FirewallRule {
  next += 1;
  return {
    guid: `rule-${String(next).padStart(3, '0')}`,
    priority,
    data: { type: 'FIREWALL', conditions, action: { type: 'REJECT', default_type: 'ALLOW', ...action } },
    ...extra,
  };
}

function rateLimit(priority: number, conditions: FirewallCondition[][], max_requests?: number, time_frame?: 'SECOND' | 'MINUTE', default_type = 'ALLOW'): FirewallRule {
  const base = rule(priority, conditions, { default_type });
  return { ...base, data: { ...base.data, type: 'RATE_LIMIT', ...(max_requests === undefined ? {} : { max_requests }), ...(time_frame ? { time_frame } : {}) } };
}

const chinese = visitor({ client: '1.2.4.8', country: 'CN' });
const admin = visitor({ path: '/admin' });
const home = visitor();
const fresh = (): RateCounter => createMemoryRateCounter();
const at = (ms = 0) => CASE_EPOCH + ms;

describe('order and first match', () => {
  it('tries lower priorities first: the first rule that matches decides', () => {
    const allow = rule(5, [[fromChina]], { type: 'ALLOW', default_type: 'ALLOW' });
    const reject = rule(10, [[fromChina]]);
    expect(decide(chinese, [reject, allow], fresh(), at())).toEqual({ action: 'ALLOW', rule: allow.guid, matched: true });
    const earlierReject = { ...reject, priority: 1 };
    expect(decide(chinese, [allow, earlierReject], fresh(), at())).toEqual({ action: 'REJECT', rule: reject.guid, matched: true });
  });

  it('passes over rules that do not match (default ALLOW) to a later one', () => {
    const admins = rule(1, [[adminPath]]);
    const china = rule(2, [[fromChina]], { type: 'REDIRECT', redirect_destination: 'https://away.test/', redirect_status_code: 307 });
    expect(decide(chinese, [admins, china], fresh(), at())).toEqual({ action: 'REDIRECT', rule: china.guid, matched: true, destination: 'https://away.test/', status: 307 });
  });

  it('allows a request no rule decides, naming no rule', () => {
    expect(decide(home, [rule(1, [[fromChina]]), rule(2, [[adminPath]])], fresh(), at())).toEqual({ action: 'ALLOW', rule: null, matched: false });
    expect(decide(home, [], fresh(), at())).toEqual({ action: 'ALLOW', rule: null, matched: false });
  });

  it('orders policies first, then rules, then guids; ties never depend on the order given', () => {
    const a = rule(50, [[fromChina]], {}, { policyPriority: 1 });
    const b = rule(1, [[fromChina]], {}, { policyPriority: 2 });
    const c = { ...rule(50, [[fromChina]], {}, { policyPriority: 1 }), guid: 'rule-000' };
    expect(orderRules([b, a, c]).map((r) => r.guid)).toEqual([c.guid, a.guid, b.guid]);
    expect(orderRules([a, c, b]).map((r) => r.guid)).toEqual([c.guid, a.guid, b.guid]);
  });

  it('skips DISABLED rules and tries a rule brought twice once, at its first place', () => {
    const off = rule(0, [[fromChina]], { type: 'ALLOW' }, { status: 'DISABLED' });
    const shared = rule(20, [[fromChina]], {}, { policyPriority: 5 });
    const sameAgain = { ...shared, policyPriority: 1 };
    const between = rule(10, [[fromChina]], { type: 'ALLOW' }, { policyPriority: 1 });
    expect(orderRules([off, shared, between, sameAgain]).map((r) => [r.guid, r.policyPriority])).toEqual([
      [between.guid, 1],
      [shared.guid, 1],
    ]);
    expect(decide(chinese, [off, shared], fresh(), at())).toMatchObject({ action: 'REJECT', rule: shared.guid });
  });
});

describe('the default action: what a rule says to the requests it does not match', () => {
  it('a blocklist (REJECT, default ALLOW) lets the others on to later rules', () => {
    const blockChina = rule(1, [[fromChina]], { type: 'REJECT', default_type: 'ALLOW' });
    const blockAdmin = rule(2, [[adminPath]]);
    expect(decide(admin, [blockChina, blockAdmin], fresh(), at())).toMatchObject({ action: 'REJECT', rule: blockAdmin.guid });
  });

  it('an allowlist (ALLOW, default REJECT) turns the others away at once', () => {
    const onlyChina = rule(1, [[fromChina]], { type: 'ALLOW', default_type: 'REJECT' });
    const later = rule(2, [[adminPath]], { type: 'REDIRECT', redirect_destination: 'https://x.test/', redirect_status_code: 301 });
    expect(decide(admin, [onlyChina, later], fresh(), at())).toEqual({ action: 'REJECT', rule: onlyChina.guid, matched: false });
    expect(decide({ ...chinese, path: '/admin' }, [onlyChina, later], fresh(), at())).toEqual({ action: 'ALLOW', rule: onlyChina.guid, matched: true });
  });

  it("a default of REDIRECT sends the others away with the rule's destination and code", () => {
    const onlyChina = rule(1, [[fromChina]], { type: 'ALLOW', default_type: 'REDIRECT', redirect_destination: 'https://cn.example.test/', redirect_status_code: 308 });
    expect(decide(home, [onlyChina], fresh(), at())).toEqual({ action: 'REDIRECT', rule: onlyChina.guid, matched: false, destination: 'https://cn.example.test/', status: 308 });
  });

  it('an action or default it does not know says nothing', () => {
    const odd = rule(1, [[fromChina]], { type: 'CHALLENGE', default_type: 'LOG' });
    expect(decide(chinese, [odd], fresh(), at())).toEqual({ action: 'ALLOW', rule: null, matched: false });
    expect(decide(home, [odd], fresh(), at())).toEqual({ action: 'ALLOW', rule: null, matched: false });
  });
});

describe('redirects', () => {
  it('answers 302 for a code that is missing or not a redirect code', () => {
    for (const redirect_status_code of [undefined, 200, 399]) {
      const r = rule(1, [[fromChina]], { type: 'REDIRECT', redirect_destination: 'https://away.test/', ...(redirect_status_code ? { redirect_status_code } : {}) });
      expect(decide(chinese, [r], fresh(), at())).toMatchObject({ action: 'REDIRECT', status: 302 });
    }
  });

  it.each([301, 302, 303, 307, 308])('keeps the code %i', (code) => {
    const r = rule(1, [[fromChina]], { type: 'REDIRECT', redirect_destination: 'https://away.test/', redirect_status_code: code });
    expect(decide(chinese, [r], fresh(), at())).toMatchObject({ action: 'REDIRECT', status: code, destination: 'https://away.test/' });
  });

  it('rejects when the destination is missing: the rule meant to keep the request away', () => {
    const r = rule(1, [[fromChina]], { type: 'REDIRECT', redirect_destination: ' ' });
    expect(decide(chinese, [r], fresh(), at())).toEqual({ action: 'REJECT', rule: r.guid, matched: true });
  });
});

describe('rate limits', () => {
  const login: FirewallCondition = { field: 'uri_path', operator: 'EQUALS', value: '/wp-login.php' };
  const attempt = (client: string) => visitor({ path: '/wp-login.php', client });

  it('limits each client past max_requests in its SECOND, counting again in the next', () => {
    const limit = rateLimit(1, [[login]], 2, 'SECOND');
    const counter = fresh();
    const actions = [0, 10, 20, 999, 1_000, 1_001, 1_002].map((ms) => decide(attempt('8.8.8.8'), [limit], counter, at(ms)).action);
    expect(actions).toEqual(['ALLOW', 'ALLOW', 'LIMITED', 'LIMITED', 'ALLOW', 'ALLOW', 'LIMITED']);
    expect(decide(attempt('8.8.4.4'), [limit], counter, at(1_003)).action).toBe('ALLOW');
  });

  it('counts per MINUTE windows of the clock, not from the first request', () => {
    const limit = rateLimit(1, [[login]], 1, 'MINUTE');
    const counter = fresh();
    expect(decide(attempt('8.8.8.8'), [limit], counter, at(59_000)).action).toBe('ALLOW');
    expect(decide(attempt('8.8.8.8'), [limit], counter, at(59_999))).toEqual({ action: 'LIMITED', rule: limit.guid, matched: true, retryAfterSeconds: 1 });
    expect(decide(attempt('8.8.8.8'), [limit], counter, at(60_000)).action).toBe('ALLOW');
    expect(decide(attempt('8.8.8.8'), [limit], counter, at(60_500))).toMatchObject({ action: 'LIMITED', retryAfterSeconds: 60 });
  });

  it('takes 150 per MINUTE when the rule names no limit', () => {
    const limit = rateLimit(1, [[login]]);
    const counter = fresh();
    for (let i = 0; i < DEFAULT_MAX_REQUESTS; i++) expect(decide(attempt('8.8.8.8'), [limit], counter, at(i * 100)).action).toBe('ALLOW');
    expect(decide(attempt('8.8.8.8'), [limit], counter, at(59_000)).action).toBe('LIMITED');
    expect(decide(attempt('8.8.8.8'), [limit], counter, at(60_000)).action).toBe('ALLOW');
  });

  it('counts one client under two spellings of its address once', () => {
    const limit = rateLimit(1, [[login]], 1, 'MINUTE');
    const counter = fresh();
    expect(decide(attempt('::ffff:8.8.8.8'), [limit], counter, at()).action).toBe('ALLOW');
    expect(decide(attempt('8.8.8.8'), [limit], counter, at(1)).action).toBe('LIMITED');
  });

  it('counts each rule apart, and does not count requests it does not match', () => {
    const loginLimit = rateLimit(1, [[login]], 1, 'MINUTE');
    const adminLimit = rateLimit(2, [[adminPath]], 1, 'MINUTE');
    const counter = fresh();
    expect(decide(home, [loginLimit, adminLimit], counter, at()).action).toBe('ALLOW');
    expect(decide(attempt('8.8.8.8'), [loginLimit, adminLimit], counter, at(1)).action).toBe('ALLOW');
    expect(decide(admin, [loginLimit, adminLimit], counter, at(2)).action).toBe('ALLOW');
    expect(decide(admin, [loginLimit, adminLimit], counter, at(3))).toMatchObject({ action: 'LIMITED', rule: adminLimit.guid });
  });

  it('does not count requests an earlier rule decided', () => {
    const blockChina = rule(1, [[fromChina]]);
    const limit = rateLimit(2, [[login]], 1, 'MINUTE');
    const counter = fresh();
    expect(decide({ ...attempt('1.2.4.8'), country: 'CN' }, [blockChina, limit], counter, at()).action).toBe('REJECT');
    expect(decide({ ...attempt('1.2.4.8'), country: 'CN' }, [limit], counter, at(1)).action).toBe('ALLOW');
  });

  it('applies a default of REJECT to the requests it does not count', () => {
    const onlyLogin = rateLimit(1, [[login]], 5, 'MINUTE', 'REJECT');
    expect(decide(home, [onlyLogin], fresh(), at())).toEqual({ action: 'REJECT', rule: onlyLogin.guid, matched: false });
  });

  it('shares one count among clients whose address is unknown', () => {
    const limit = rateLimit(1, [[login]], 1, 'MINUTE');
    const counter = fresh();
    expect(decide({ ...attempt('x'), client: null }, [limit], counter, at()).action).toBe('ALLOW');
    expect(decide({ ...attempt('x'), client: null }, [limit], counter, at(1)).action).toBe('LIMITED');
  });
});
