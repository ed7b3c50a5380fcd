import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { domains } from './domains';
import { companyGuid } from './refs';

/**
 * One row per request the HTTP edge answered for a domain: what the analytics views (spec part
 * 2, 2.7 and 3 "Traffic analytics") count. The visitor is a SHA-256 of address and user agent,
 * enough to count unique visits without keeping the address.
 */
export const edgeRequests = pgTable(
  'edge_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyGuid: companyGuid(),
    domainGuid: uuid('domain_guid')
      .notNull()
      .references(() => domains.guid, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    visitor: text('visitor').notNull(),
    path: text('path').notNull(),
    referer: text('referer'),
    /** ISO 3166 alpha-2, or null when the address has no country (private, loopback). */
    country: text('country'),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    /** DESKTOP, MOBILE, TABLET or BOT. */
    device: text('device').notNull(),
    /** The crawler's name when the user agent is a known bot. */
    bot: text('bot'),
    status: integer('status').notNull(),
    bytes: integer('bytes').notNull(),
    /**
     * What the firewall's conditions match on (spec part 2, 3 "Condition fields"), kept so a rule
     * can be dry-run against the requests a domain group really had (issue 9). Null on rows
     * recorded before the firewall.
     */
    method: text('method'),
    host: text('host'),
    query: text('query'),
    userAgent: text('user_agent'),
    address: text('address'),
    asn: integer('asn'),
    /** The request's headers, names lower-cased, without Authorization. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The firewall's decision (ALLOW, REJECT, REDIRECT, LIMITED) and the rule that made it; null when no rule applied. */
    firewallAction: text('firewall_action'),
    firewallRuleGuid: uuid('firewall_rule_guid'),
  },
  (t) => [index('edge_requests_domain_at_idx').on(t.domainGuid, t.at)],
);
