import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDomainGroup } from '../../src/lib/requests/domains';
import { saveGettingStartedData } from '../../src/lib/requests/getting-started';
import { createCustomHost, createSharedHostingOrder } from '../../src/lib/requests/hosting';
import { createIpGroup } from '../../src/lib/requests/ip-addresses';
import { LIMITED_CANNOT_ADD } from '../../src/lib/rules/access-reach';
import { ALL_SCOPES } from '../../src/lib/rules/scopes';
import type { Database } from '../../src/server/db/connection';
import { domainGroups, hostingAccounts, hostingLocations, hostingPlans, ipGroups, memberships, users } from '../../src/server/db/schema/index';
import { refusal } from './helpers/outcomes';
import type { TestApp } from './helpers/app';
import { DEMO_EMAIL, useDemoApp, type Session } from './helpers/demo-app';

let database: Database;
let t: TestApp;
let demo: Session;

useDemoApp((app) => ({ database, t, demo } = app));

/**
 * A member limited to some IP groups, domain groups and hosting accounts (spec part 3, 2.9 and
 * 6) holds every permission, yet adds none of those (they could not see it) and names none
 * outside their reach.
 */
async function restrictedOwner(work: (limited: { ipGroup: string; otherIpGroup: string; domainGroup: string; otherDomainGroup: string; account: string }) => Promise<void>) {
  const [user] = await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, DEMO_EMAIL));
  const owner = and(eq(memberships.userGuid, user!.guid), eq(memberships.companyGuid, demo.company));
  const ips = await database.db.select({ guid: ipGroups.guid }).from(ipGroups).where(eq(ipGroups.companyGuid, demo.company)).limit(2);
  const domains = await database.db.select({ guid: domainGroups.guid }).from(domainGroups).where(eq(domainGroups.companyGuid, demo.company)).limit(2);
  const [account] = await database.db.select({ guid: hostingAccounts.guid }).from(hostingAccounts).where(eq(hostingAccounts.companyGuid, demo.company)).limit(1);
  await database.db
    .update(memberships)
    .set({ permissions: [...ALL_SCOPES], allowedIpGroups: [ips[0]!.guid], allowedDomainGroups: [domains[0]!.guid], allowedHostingAccounts: [account!.guid] })
    .where(owner);
  try {
    await work({ ipGroup: ips[0]!.guid, otherIpGroup: ips[1]!.guid, domainGroup: domains[0]!.guid, otherDomainGroup: domains[1]!.guid, account: account!.guid });
  } finally {
    await database.db.update(memberships).set({ allowedIpGroups: [], allowedDomainGroups: [], allowedHostingAccounts: [] }).where(owner);
  }
}

describe('a member limited to some groups and accounts', () => {
  it('adds no IP group, domain group or hosting account, each refused in words', async () => {
    const [plan] = await database.db.select({ guid: hostingPlans.guid }).from(hostingPlans).where(eq(hostingPlans.isAvailable, true)).limit(1);
    const [location] = await database.db.select({ guid: hostingLocations.guid }).from(hostingLocations).where(eq(hostingLocations.isActive, true)).limit(1);
    await restrictedOwner(async ({ account }) => {
      const api = t.client(demo);
      expect((await refusal(createIpGroup(api, { name: 'Beyond reach' }), 403)).message).toBe(LIMITED_CANNOT_ADD.allowed_ip_groups);
      expect((await refusal(createDomainGroup(api, { name: 'Beyond reach', default_hosting_account: account }), 403)).message).toBe(LIMITED_CANNOT_ADD.allowed_domain_groups);
      expect((await refusal(createCustomHost(api, { name: 'Beyond reach', hostname: null, ip_address: '192.0.2.44' }), 403)).message).toBe(
        LIMITED_CANNOT_ADD.allowed_hosting_accounts,
      );
      const order = createSharedHostingOrder(api, { name: 'Beyond reach', plan: plan!.guid, location: location!.guid, billing_cycle: '1' });
      expect((await refusal(order, 403)).message).toBe(LIMITED_CANNOT_ADD.allowed_hosting_accounts);
    });
  });

  it("keeps the wizard's groups within reach", async () => {
    await restrictedOwner(async ({ ipGroup, otherIpGroup, domainGroup, otherDomainGroup }) => {
      const api = t.client(demo);
      expect((await refusal(saveGettingStartedData(api, demo.company, { domain_group: otherDomainGroup }), 400)).body.fields).toEqual({ domain_group: 'Domain group not found.' });
      expect((await refusal(saveGettingStartedData(api, demo.company, { ip_group: otherIpGroup }), 400)).body.fields).toEqual({ ip_group: 'IP group not found.' });
      await saveGettingStartedData(api, demo.company, { domain_group: domainGroup });
      expect((await saveGettingStartedData(api, demo.company, { ip_group: ipGroup })).getting_started_data).toMatchObject({ domain_group: domainGroup, ip_group: ipGroup });
    });
  });
});
