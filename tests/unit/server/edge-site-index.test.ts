import { describe, expect, it } from 'vitest';
import type { FirewallRuleData } from '../../../src/lib/firewall';
import { lruMemo } from '../../../src/server/edge/agents';
import type { CompanyFirewall, LoadedPolicy } from '../../../src/server/edge/firewall-rules';
import { SiteIndex } from '../../../src/server/edge/site-index';
import type { LoadedSite } from '../../../src/server/edge/site';

const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const OTHER_COMPANY = '00000000-0000-4000-8000-0000000000c2';
const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const site = (n: number, domain: string, over: Partial<LoadedSite> = {}): LoadedSite => ({
  guid: guid(n),
  companyGuid: COMPANY,
  parentDomainGuid: null,
  groupGuid: guid(100),
  parentGroupGuid: null,
  domain,
  redirectToHttps: false,
  redirectToHttp: false,
  redirectToWww: false,
  redirectToNonwww: false,
  software: null,
  redirects: [],
  ...over,
});

const data: FirewallRuleData = { type: 'FIREWALL', conditions: [], action: { type: 'REJECT', default_type: 'ALLOW' } };
const policy = (n: number, attached: { domains?: string[]; groups?: string[] }, priority = 0): LoadedPolicy => ({
  guid: guid(200 + n),
  priority,
  domains: new Set(attached.domains ?? []),
  groups: new Set(attached.groups ?? []),
  rules: [{ guid: guid(300 + n), priority: 0, status: 'ACTIVE', data }],
});
const firewall = (company: string, ...policies: LoadedPolicy[]): CompanyFirewall => ({ company, policies });

describe("the edge's sites in memory", () => {
  it('finds a site by its name or its www. form, the exact name first', () => {
    const index = new SiteIndex();
    index.applySites({ reset: true, sites: [site(1, 'example.com'), site(2, 'www.other.com'), site(3, 'other.com')], dropped: [] });
    expect(index.find('example.com')?.site).toMatchObject({ guid: guid(1), isWww: false });
    expect(index.find('www.example.com')?.site).toMatchObject({ guid: guid(1), isWww: true });
    expect(index.find('www.other.com')?.site).toMatchObject({ guid: guid(2), isWww: false });
    expect(index.find('www.www.example.com')).toBeUndefined();
    expect(index.find('nothing.example')).toBeUndefined();
  });

  it('serves a renamed site under its new name only, and drops what is gone', () => {
    const index = new SiteIndex();
    index.applySites({ reset: true, sites: [site(1, 'a.example'), site(2, 'b.example')], dropped: [] });
    index.applySites({ reset: false, sites: [site(1, 'c.example')], dropped: [guid(2)] });
    expect(index.find('a.example')).toBeUndefined();
    expect(index.find('b.example')).toBeUndefined();
    expect(index.find('c.example')?.site.guid).toBe(guid(1));
    // Two sites that swap names, loaded one at a time: each ends under its new name.
    index.applySites({ reset: false, sites: [site(3, 'd.example')], dropped: [] });
    index.applySites({ reset: false, sites: [site(1, 'd.example')], dropped: [] });
    index.applySites({ reset: false, sites: [site(3, 'c.example')], dropped: [] });
    expect([index.find('c.example')?.site.guid, index.find('d.example')?.site.guid]).toEqual([guid(3), guid(1)]);
    expect(index.size).toBe(2);
  });

  it("gives a site the rules of its company's policies on it, its group, its parent or its parent's group, by policy priority", () => {
    const index = new SiteIndex();
    const parent = site(1, 'example.com', { groupGuid: guid(101) });
    const sub = site(2, 'blog.example.com', { parentDomainGuid: guid(1), parentGroupGuid: guid(101), groupGuid: guid(102) });
    const elsewhere = site(3, 'elsewhere.com', { groupGuid: guid(103) });
    index.applySites({ reset: true, sites: [parent, sub, elsewhere], dropped: [] });
    index.applyFirewalls({
      reset: true,
      firewalls: [
        firewall(COMPANY, policy(1, { domains: [guid(2)] }, 5), policy(2, { groups: [guid(101)] }, 1), policy(3, { domains: [guid(1)] }, 3), policy(4, { groups: [guid(102)] }, 2)),
        // Another company's policy on the same group governs nothing of this one's.
        firewall(OTHER_COMPANY, policy(5, { groups: [guid(102)] })),
      ],
    });
    const rulesOf = (host: string) => index.rulesOf(index.find(host)!.served).map((r) => r.guid);
    expect(rulesOf('blog.example.com')).toEqual([guid(302), guid(304), guid(303), guid(301)]);
    expect(rulesOf('example.com')).toEqual([guid(302), guid(303)]);
    expect(rulesOf('elsewhere.com')).toEqual([]);
    // A company's firewall loaded again: worked out again on the next look.
    index.applyFirewalls({ reset: false, firewalls: [firewall(COMPANY, policy(6, { groups: [guid(103)] }))] });
    expect(rulesOf('elsewhere.com')).toEqual([guid(306)]);
    expect(rulesOf('blog.example.com')).toEqual([]);
    index.applyFirewalls({ reset: false, firewalls: [firewall(COMPANY)] });
    expect(rulesOf('elsewhere.com')).toEqual([]);
  });

  it("builds a site's page once per version of the site", () => {
    const index = new SiteIndex();
    index.applySites({ reset: true, sites: [site(1, 'example.com')], dropped: [] });
    const first = index.find('example.com')!.served;
    expect(first.page).toBe(first.page);
    expect(first.page.toString()).toContain('example.com');
    index.applySites({ reset: false, sites: [site(1, 'example.com', { software: { name: 'WordPress', siteName: 'My blog' } })], dropped: [] });
    expect(index.find('example.com')!.served.page.toString()).toContain('My blog');
  });
});

describe('lruMemo', () => {
  it('works a key out once while it stays among the most recently used, dropping the least recently used first', () => {
    const computed: string[] = [];
    const memo = lruMemo((key) => {
      computed.push(key);
      return key.toUpperCase();
    }, 2);
    expect([memo('a'), memo('b'), memo('a'), memo('c'), memo('a'), memo('b')]).toEqual(['A', 'B', 'A', 'C', 'A', 'B']);
    // c pushed b out (a had just been used); b came back and pushed c out.
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });
});
