import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('edge_requests_domain_at_idx').on(t.domainGuid, t.at)],
);
