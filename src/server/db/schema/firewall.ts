import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { domainGroups, domains } from './domains';
import { companyGuid, userRef } from './refs';

export type FirewallCondition = { field: string; name?: string; operator: string; value: string | string[]; ignore_case?: boolean };
/** A rule's body as the API sends it (spec part 2, 3): AND-groups of OR-conditions and an action. */
export type FirewallRuleData = {
  type: 'FIREWALL' | 'RATE_LIMIT';
  conditions: FirewallCondition[][];
  action: { type: string; default_type: string; redirect_destination?: string; redirect_status_code?: number };
  max_requests?: number;
  time_frame?: 'SECOND' | 'MINUTE';
};

export const firewallRules = pgTable(
  'firewall_rules',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    /** ACTIVE or DISABLED. */
    status: text('status').notNull().default('ACTIVE'),
    priority: integer('priority').notNull().default(0),
    data: jsonb('data').$type<FirewallRuleData>().notNull(),
    dateUpdated: ts('date_updated'),
    dateCreated: createdAt(),
  },
  (t) => [index('firewall_rules_company_idx').on(t.companyGuid, t.priority)],
);

export const firewallRulesets = pgTable(
  'firewall_rulesets',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    dateCreated: createdAt(),
  },
  (t) => [index('firewall_rulesets_company_idx').on(t.companyGuid, t.dateCreated)],
);

export const firewallRulesetRules = pgTable(
  'firewall_ruleset_rules',
  {
    rulesetGuid: uuid('ruleset_guid')
      .notNull()
      .references(() => firewallRulesets.guid, { onDelete: 'cascade' }),
    ruleGuid: uuid('rule_guid')
      .notNull()
      .references(() => firewallRules.guid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.rulesetGuid, t.ruleGuid] }), index('firewall_ruleset_rules_rule_idx').on(t.ruleGuid)],
);

export const firewallPolicies = pgTable(
  'firewall_policies',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(0),
    status: text('status').notNull().default('ACTIVE'),
    dateCreated: createdAt(),
  },
  (t) => [index('firewall_policies_company_idx').on(t.companyGuid, t.priority)],
);

export const firewallPolicyRulesets = pgTable(
  'firewall_policy_rulesets',
  {
    policyGuid: uuid('policy_guid')
      .notNull()
      .references(() => firewallPolicies.guid, { onDelete: 'cascade' }),
    rulesetGuid: uuid('ruleset_guid')
      .notNull()
      .references(() => firewallRulesets.guid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.policyGuid, t.rulesetGuid] }), index('firewall_policy_rulesets_ruleset_idx').on(t.rulesetGuid)],
);

/** Policies that use a rule directly (a rule's attached_to_policies counts these and those that use it through a ruleset). */
export const firewallPolicyRules = pgTable(
  'firewall_policy_rules',
  {
    policyGuid: uuid('policy_guid')
      .notNull()
      .references(() => firewallPolicies.guid, { onDelete: 'cascade' }),
    ruleGuid: uuid('rule_guid')
      .notNull()
      .references(() => firewallRules.guid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.policyGuid, t.ruleGuid] }), index('firewall_policy_rules_rule_idx').on(t.ruleGuid)],
);

export const firewallPolicyDomainGroups = pgTable(
  'firewall_policy_domain_groups',
  {
    policyGuid: uuid('policy_guid')
      .notNull()
      .references(() => firewallPolicies.guid, { onDelete: 'cascade' }),
    domainGroupGuid: uuid('domain_group_guid')
      .notNull()
      .references(() => domainGroups.guid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.policyGuid, t.domainGroupGuid] })],
);

export const firewallPolicyDomains = pgTable(
  'firewall_policy_domains',
  {
    policyGuid: uuid('policy_guid')
      .notNull()
      .references(() => firewallPolicies.guid, { onDelete: 'cascade' }),
    domainGuid: uuid('domain_guid')
      .notNull()
      .references(() => domains.guid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.policyGuid, t.domainGuid] }), index('firewall_policy_domains_domain_idx').on(t.domainGuid)],
);

/**
 * Every version of a rule, ruleset or policy (issue 9, "History"): the whole object as it was
 * saved, who saved it and a summary; restoring writes an earlier one back as a version of its
 * own. Kept after the object is deleted, so a deletion can be undone from its history.
 */
export const firewallVersions = pgTable(
  'firewall_versions',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    /** RULE, RULESET or POLICY. */
    objectKind: text('object_kind').notNull(),
    objectGuid: uuid('object_guid').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    summary: text('summary').notNull(),
    changedBy: userRef('changed_by'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('firewall_versions_object_version_key').on(t.objectGuid, t.version), index('firewall_versions_company_idx').on(t.companyGuid, t.dateCreated)],
);
