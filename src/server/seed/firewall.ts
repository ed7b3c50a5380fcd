import {
  firewallPolicies,
  firewallPolicyDomainGroups,
  firewallPolicyDomains,
  firewallPolicyRules,
  firewallPolicyRulesets,
  firewallRules,
  firewallRulesetRules,
  firewallRulesets,
  type FirewallRuleData,
} from '../db/schema/index';
import type { SeedContext } from './context';

/**
 * Four rules (one rate limit, one disabled), two rulesets and a policy on a group and a domain.
 * The edge enforces them (docs/decisions.md "The edge enforces the firewall"), so they say what
 * a customer would mean and leave the demo sites open to browsers: the office always passes,
 * AhrefsBot and SemrushBot are turned away, wp-login.php is limited to 150 a minute per client.
 */
export async function seedFirewall(ctx: SeedContext, companyGuid: string, domainGroupGuid: string, domainGuid: string | undefined) {
  const { db } = ctx;
  const rule = (name: string, priority: number, data: FirewallRuleData, status = 'ACTIVE', daysAgo = 60) => ({
    companyGuid,
    name,
    priority,
    status,
    data,
    dateCreated: ctx.ago(daysAgo),
  });
  const [bots, login, office, geo] = await db
    .insert(firewallRules)
    .values([
      rule('Block bad bots', 10, {
        type: 'FIREWALL',
        conditions: [
          [
            { field: 'predefined_bot', name: 'AhrefsBot', operator: 'EQUALS', value: 'ahrefsbot' },
            { field: 'predefined_bot', name: 'SemrushBot', operator: 'EQUALS', value: 'semrushbot' },
          ],
        ],
        action: { type: 'REJECT', default_type: 'ALLOW' },
      }),
      rule('Rate limit wp-login', 20, {
        type: 'RATE_LIMIT',
        conditions: [[{ field: 'uri_path', operator: 'EQUALS', value: '/wp-login.php' }]],
        action: { type: 'REJECT', default_type: 'ALLOW' },
        max_requests: 150,
        time_frame: 'MINUTE',
      }),
      // The office is let through before the bot and rate-limit rules, everyone else goes on to
      // them: a default of REJECT would make it an allowlist and close the demo sites to all.
      rule(
        'Allow office',
        5,
        {
          type: 'FIREWALL',
          conditions: [[{ field: 'ip_address', operator: 'EQUALS', value: ['198.51.100.7'] }]],
          action: { type: 'ALLOW', default_type: 'ALLOW' },
        },
        'ACTIVE',
        30,
      ),
      rule(
        'Redirect blocked countries',
        30,
        {
          type: 'FIREWALL',
          conditions: [[{ field: 'country', operator: 'EQUALS', value: ['CN', 'RU'] }], [{ field: 'is_bot', operator: 'EQUALS', value: 'false' }]],
          action: { type: 'REDIRECT', default_type: 'ALLOW', redirect_destination: 'https://northwind-agency.test/unavailable', redirect_status_code: 302 },
        },
        'DISABLED',
        15,
      ),
    ])
    .returning({ guid: firewallRules.guid });
  const [hardening, geoSet] = await db
    .insert(firewallRulesets)
    .values([
      { companyGuid, name: 'WordPress hardening', dateCreated: ctx.ago(55) },
      { companyGuid, name: 'Geo rules', status: 'DISABLED', dateCreated: ctx.ago(14) },
    ])
    .returning({ guid: firewallRulesets.guid });
  await db.insert(firewallRulesetRules).values([
    { rulesetGuid: hardening!.guid, ruleGuid: bots!.guid },
    { rulesetGuid: hardening!.guid, ruleGuid: login!.guid },
    { rulesetGuid: geoSet!.guid, ruleGuid: geo!.guid },
  ]);
  const [policy] = await db
    .insert(firewallPolicies)
    .values({ companyGuid, name: 'Default protection', priority: 10, dateCreated: ctx.ago(50) })
    .returning({ guid: firewallPolicies.guid });
  await db.insert(firewallPolicyRulesets).values({ policyGuid: policy!.guid, rulesetGuid: hardening!.guid });
  await db.insert(firewallPolicyRules).values({ policyGuid: policy!.guid, ruleGuid: office!.guid });
  await db.insert(firewallPolicyDomainGroups).values({ policyGuid: policy!.guid, domainGroupGuid });
  if (domainGuid) await db.insert(firewallPolicyDomains).values({ policyGuid: policy!.guid, domainGuid });
}
