import { runBillingCycle } from '../billing/billing-cycle';
import { configuredRate } from '../billing/exchange-rate';
import { EUR_PER_USD } from './places';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/schema/index';
import { seedAffiliate } from './affiliate';
import { seedBillingStories, seedPaymentMethods } from './billing';
import { seedBulk } from './bulk';
import { seedCatalogue, type Catalogue } from './catalogue';
import { seedActivity, seedCompanyArea, seedCompanyMail, seedUserArea } from './company';
import { seedContent } from './content';
import { createContext, type SeedContext } from './context';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { seedDomainExtras, seedPreset } from './domain-extras';
import { seedDomains } from './domains';
import { seedFirewall } from './firewall';
import { seedHosting } from './hosting';
import { seedIdentity, type SeededIdentity } from './identity';
import { seedCancellations, seedIps } from './ip';
import type { BillTo } from './ledger';
import { createRng } from './prng';

export { seedBulk } from './bulk';

export interface SeedOptions {
  /** Addresses of the partner company; beyond the hand-made few hundred they go to a "Bulk" group. */
  ipAddresses?: number;
  /** Domains of the partner company; beyond the hand-made hundred they go to a "Bulk" group. */
  domains?: number;
  /** The moment the demo is dated from (default: now), so tests can seed as on any day. */
  now?: Date;
}

export const DEMO_IP_ADDRESSES = 320;
export const DEMO_DOMAINS = 100;
const SEED_LOCK = 727_274_002;

/**
 * Fills an empty database with the demo provider, its companies, accounts and data in
 * every area, in one transaction. Does nothing when any user exists, so it is safe to
 * call on every start-up, from several processes at once.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<{ seeded: boolean; accounts: readonly DemoAccount[] }> {
  const ips = Math.max(0, Math.floor(options.ipAddresses ?? DEMO_IP_ADDRESSES));
  const doms = Math.max(0, Math.floor(options.domains ?? DEMO_DOMAINS));
  const now = options.now ?? new Date();
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if (existing!.n > 0) return false;
    const partnerGuid = await seedEverything(tx, now, Math.min(ips, DEMO_IP_ADDRESSES), Math.min(doms, DEMO_DOMAINS));
    await seedBulk(tx, partnerGuid, { ipAddresses: ips - DEMO_IP_ADDRESSES, domains: doms - DEMO_DOMAINS });
    return true;
  });
  // Fresh tables have no statistics until autovacuum gathers them, which PGlite never does;
  // without them the planner takes every table for a handful of rows.
  if (seeded) await db.execute(sql`analyze`);
  // The provider's billing run catches up with the seeded history (renewal invoices now due), so
  // the demo starts as a running provider's would and the first scheduled run finds nothing new.
  if (seeded) await runBillingCycle(db, configuredRate(EUR_PER_USD), now);
  return { seeded, accounts: DEMO_ACCOUNTS };
}

async function seedEverything(db: Db, now: Date, ipCount: number, domainCount: number): Promise<string> {
  const ctx = createContext(db, createRng(20_260_101), now);
  const who = await seedIdentity(ctx);
  const cat = await seedCatalogue(ctx);
  await seedContent(ctx, who.providerGuid);

  const methods = await seedPaymentMethods(ctx, who.partnerGuid, 'Dana Demo');
  const partner: BillTo = {
    companyGuid: who.partnerGuid,
    companyName: 'Northwind Web Agency',
    firstName: 'Dana',
    lastName: 'Demo',
    address1: 'Narva mnt 7',
    city: 'Tallinn',
    region: 'Harju County',
    country: 'EE',
    postalCode: '10117',
    vatId: 'EE102345605',
    currency: 'USD',
    ...methods,
  };
  const hosting = await seedHosting(ctx, cat, partner, [
    { name: 'Main Shared Hosting', kind: 'SHARED', plan: 'Business', place: 'dal', cycle: 'ANNUALLY', daysAgo: 410 },
    { name: 'Client Sites', kind: 'SHARED', plan: 'Pro', place: 'fra', cycle: 'MONTHLY', daysAgo: 160, managed: true, downgradeTo: 'Business' },
    { name: 'Old Reseller', kind: 'SHARED', plan: 'Starter', place: 'ams', cycle: 'MONTHLY', daysAgo: 250, status: 'SUSPENDED' },
    { name: 'Legacy Hosting', kind: 'LEGACY', plan: 'Legacy Basic', place: 'dal', daysAgo: 900 },
    { name: 'Own VPS', kind: 'CUSTOM_HOST_IP', target: '198.51.100.24', daysAgo: 300 },
    { name: 'Agency Server', kind: 'CUSTOM_HOST_NAME', target: 'server1.northwind-agency.test', daysAgo: 120 },
  ]);
  const ips = await seedIps(ctx, cat, partner, ipCount, [
    { name: 'Default', share: 0.22, countries: 'ALL', sharedShare: 0.1, cycle: 'ANNUALLY', daysAgo: 380, churn: 0.08 },
    { name: 'US Network', share: 0.28, countries: ['US', 'CA'], sharedShare: 0.05, cycle: 'MONTHLY', daysAgo: 300, lastInvoice: 'UNPAID' },
    { name: 'EU Network', share: 0.25, countries: ['DE', 'GB', 'NL', 'FR', 'PL', 'ES'], sharedShare: 0.05, cycle: 'QUARTERLY', daysAgo: 250, churn: 0.06 },
    { name: 'Asia-Pacific', share: 0.15, countries: ['JP', 'SG', 'AU', 'BR'], sharedShare: 0, cycle: 'MONTHLY', daysAgo: 120, lastInvoice: 'PARTIALLY_PAID' },
    { name: 'Shared Pool', share: 0.1, countries: 'ALL', sharedShare: 1, cycle: 'ANNUALLY', daysAgo: 90 },
  ]);
  await seedCancellations(ctx, who.partnerGuid, ips.leaving, who.demoGuid);
  await seedBillingStories(ctx, partner, ips.groups.get('EU Network')!);

  const preset = await seedPreset(ctx, who.partnerGuid);
  const doms = await seedDomains(
    ctx,
    who.partnerGuid,
    domainCount,
    [
      { name: 'Client Blogs', share: 0.35, hosting: 'Main Shared Hosting', ipGroups: ['US Network', 'Default'], daysAgo: 360 },
      { name: 'PBN Network', share: 0.35, hosting: 'Own VPS', ipGroups: ['EU Network', 'Asia-Pacific'], daysAgo: 240 },
      { name: 'Agency Sites', share: 0.2, hosting: 'Client Sites', ipGroups: [], includeSubdomains: true, daysAgo: 150 },
      { name: 'Parked', share: 0.1, hosting: 'Main Shared Hosting', ipGroups: ['Shared Pool'], daysAgo: 80 },
    ],
    ips,
    hosting,
    preset,
  );
  await seedDomainExtras(ctx, who.partnerGuid, doms.domains, cat.wordpressId, 'demo@hostdeck.test');
  const agencyDomain = doms.domains.find((d) => d.groupGuid === doms.groups.get('Agency Sites'))?.guid;
  await seedFirewall(ctx, who.partnerGuid, doms.groups.get('Client Blogs')!, agencyDomain);

  await seedCompanyArea(ctx, who.partnerGuid, 'demo@hostdeck.test');
  await seedCompanyMail(ctx, who.partnerGuid, 'Dana Demo', 'demo@hostdeck.test');
  const demo = { guid: who.demoGuid, firstName: 'Dana', lastName: 'Demo', userType: 'USER' };
  const staff = { guid: who.staffGuid, firstName: 'Sam', lastName: 'Staffer', userType: 'USER' };
  const api = { guid: who.apiUserGuid, firstName: 'Deploy script', lastName: '', userType: 'API_USER' };
  await seedActivity(
    ctx,
    who.partnerGuid,
    [demo, demo, staff, api],
    doms.domains.map((d) => d.domain),
  );
  await seedUserArea(ctx, demo, 'demo@hostdeck.test', who.partnerGuid);
  await seedUserArea(ctx, staff, 'staff@hostdeck.test', who.partnerGuid);
  await seedAffiliate(ctx, who.demoGuid, who.secondGuid);

  await seedSecondCompany(ctx, cat, who);
  return who.partnerGuid;
}

/** A little of everything for the other company, so cross-company checks have something to miss. */
async function seedSecondCompany(ctx: SeedContext, cat: Catalogue, who: SeededIdentity) {
  const bill: BillTo = {
    companyGuid: who.secondGuid,
    companyName: 'Bluebird Media Ltd',
    firstName: 'Beatrice',
    lastName: 'Bird',
    address1: '14 Chapel Street',
    city: 'London',
    region: 'Greater London',
    country: 'GB',
    postalCode: 'EC2A 4NE',
    vatId: null,
    currency: 'EUR',
  };
  const hosting = await seedHosting(ctx, cat, bill, [{ name: 'Bluebird Hosting', kind: 'SHARED', plan: 'Starter', place: 'ams', cycle: 'MONTHLY', daysAgo: 190 }]);
  const ips = await seedIps(ctx, cat, bill, 8, [{ name: 'Bluebird Sites', share: 1, countries: ['GB', 'NL', 'DE'], sharedShare: 0, cycle: 'MONTHLY', daysAgo: 180 }]);
  const doms = await seedDomains(ctx, who.secondGuid, 6, [{ name: 'Bluebird Blogs', share: 1, hosting: 'Bluebird Hosting', ipGroups: [], daysAgo: 170 }], ips, hosting, null);
  await seedDomainExtras(ctx, who.secondGuid, doms.domains.slice(0, 2), cat.wordpressId, 'bluebird@hostdeck.test');
  const owner = { guid: who.bluebirdOwnerGuid, firstName: 'Beatrice', lastName: 'Bird', userType: 'USER' };
  await seedActivity(
    ctx,
    who.secondGuid,
    [owner],
    doms.domains.map((d) => d.domain),
  );
  await seedUserArea(ctx, owner, 'bluebird@hostdeck.test', who.secondGuid);
}
