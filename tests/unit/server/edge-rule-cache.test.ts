import { describe, expect, it } from 'vitest';
import type { FirewallRule } from '../../../src/lib/firewall';
import type { Db } from '../../../src/server/db/connection';
import { createSiteRuleCache } from '../../../src/server/edge/firewall-rules';

const site = { guid: '00000000-0000-4000-8000-000000000001', companyGuid: '00000000-0000-4000-8000-000000000002', parentDomainGuid: null };
/** The cache never touches the database itself: the loader it is given does. */
const db = {} as Db;

function countingLoader(answers: (() => Promise<FirewallRule[]>)[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: () => answers[Math.min(calls++, answers.length - 1)]!(),
  };
}

describe('the edge keeps a site firewall rules for a short while', () => {
  it('shares one load among a burst and reads again once the time is up or the clock went back', async () => {
    const loader = countingLoader([async () => []]);
    const cache = createSiteRuleCache(db, 2_000, 10, loader.load);
    await Promise.all([cache.rulesFor(site, 1_000), cache.rulesFor(site, 1_000), cache.rulesFor(site, 2_999)]);
    expect(loader.calls).toBe(1);
    await cache.rulesFor(site, 3_000);
    expect(loader.calls).toBe(2);
    await cache.rulesFor(site, 500);
    expect(loader.calls).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const loader = countingLoader([() => Promise.reject(new Error('database down')), async () => []]);
    const cache = createSiteRuleCache(db, 2_000, 10, loader.load);
    await expect(cache.rulesFor(site, 0)).rejects.toThrow('database down');
    await expect(cache.rulesFor(site, 1)).resolves.toEqual([]);
    expect(loader.calls).toBe(2);
  });
});
