import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders } from './billing';
import { createdAt, guidPk, ts } from './columns';
import { cents, companyGuid, currency } from './refs';

/**
 * IPv4 as a number, derived by PostgreSQL itself so it can never disagree with the text and
 * a malformed address fails the insert. Sorting by it orders 9.x before 10.x.
 */
const ipNumeric = () => bigint('ip_numeric', { mode: 'number' }).notNull().generatedAlwaysAs(sql`(ip_address::inet - '0.0.0.0'::inet)`);

export const ipGroups = pgTable(
  'ip_groups',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    isInternal: boolean('is_internal').notNull().default(false),
    dateCreated: createdAt(),
  },
  (t) => [index('ip_groups_company_idx').on(t.companyGuid, t.name)],
);

/** Server signatures (the Server header an address answers with), chosen per dedicated IP. */
export const signatures = pgTable('signatures', {
  guid: guidPk(),
  signature: text('signature').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
  position: integer('position').notNull().default(0),
});

/** A city where addresses can be ordered; `hash` is the stable id orders refer to. */
export const marketplaceLocations = pgTable('marketplace_locations', {
  guid: guidPk(),
  hash: text('hash').notNull().unique(),
  countryCode: text('country_code').notNull(),
  countryName: text('country_name').notNull(),
  city: text('city').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** Monthly price of one address and of one extra website slot, per location, type and currency. */
export const marketplacePrices = pgTable(
  'marketplace_prices',
  {
    guid: guidPk(),
    locationGuid: uuid('location_guid')
      .notNull()
      .references(() => marketplaceLocations.guid, { onDelete: 'cascade' }),
    /** DEDICATED or SHARED. */
    ipType: text('ip_type').notNull(),
    currency: currency(),
    priceCents: cents('price_cents'),
    sitePriceCents: cents('site_price_cents'),
  },
  (t) => [uniqueIndex('marketplace_prices_key').on(t.locationGuid, t.ipType, t.currency)],
);

/**
 * The provider's stock of addresses: the marketplace's available count per location is the
 * free capacity here, and provisioning takes addresses from it. A DEDICATED address has
 * capacity 1; a SHARED one is handed to several companies up to its capacity.
 */
export const ipInventory = pgTable(
  'ip_inventory',
  {
    guid: guidPk(),
    locationGuid: uuid('location_guid')
      .notNull()
      .references(() => marketplaceLocations.guid, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    ipNumeric: ipNumeric(),
    ipType: text('ip_type').notNull(),
    capacity: integer('capacity').notNull().default(1),
    allocatedCount: integer('allocated_count').notNull().default(0),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('ip_inventory_ip_key').on(t.ipAddress), index('ip_inventory_location_idx').on(t.locationGuid, t.ipType, t.ipNumeric)],
);

/** Live rows: cancelled and replaced addresses stay for history and may be sold again. */
const LIVE = sql`status not in ('CANCELLED', 'REPLACED')`;

export const ipAddresses = pgTable(
  'ip_addresses',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    groupGuid: uuid('group_guid')
      .notNull()
      .references(() => ipGroups.guid),
    ipAddress: text('ip_address').notNull(),
    ipNumeric: ipNumeric(),
    /** DEDICATED or SHARED. */
    ipAddressType: text('ip_address_type').notNull().default('DEDICATED'),
    /** ACTIVE, PENDING_CANCELLATION, CANCELLED or REPLACED. */
    status: text('status').notNull().default('ACTIVE'),
    /** 1 (HTTP/1.1) or 2 (HTTP/2); SHARED addresses stay at 1. */
    httpVersion: integer('http_version').notNull().default(1),
    country: text('country').notNull(),
    countryCode: text('country_code').notNull(),
    city: text('city').notNull(),
    locationGuid: uuid('location_guid').references(() => marketplaceLocations.guid, { onDelete: 'set null' }),
    /** Website slots; domain_count is counted from domains.ip_address_guid. */
    domainsAllowed: integer('domains_allowed').notNull().default(1),
    /** A slot downgrade waiting for the end of the billing cycle. */
    pendingDomainsAllowed: integer('pending_domains_allowed'),
    signatureGuid: uuid('signature_guid').references(() => signatures.guid, { onDelete: 'set null' }),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    directAccess: boolean('direct_access').notNull().default(false),
    ipCostCents: cents('ip_cost_cents'),
    slotCostCents: cents('slot_cost_cents'),
    /** What the address costs a month with its extra slots; derived so it cannot drift. */
    monthlyCostCents: integer('monthly_cost_cents').notNull().generatedAlwaysAs(sql`(ip_cost_cents + greatest(domains_allowed - 1, 0) * slot_cost_cents)`),
    currency: currency(),
    dateCancelled: ts('date_cancelled'),
    dateCreated: createdAt(),
  },
  (t) => [
    index('ip_addresses_company_group_ip_idx').on(t.companyGuid, t.groupGuid, t.ipNumeric),
    index('ip_addresses_company_ip_idx').on(t.companyGuid, t.ipNumeric),
    index('ip_addresses_order_idx').on(t.orderId),
    // A dedicated address belongs to one company at a time; a shared one to each company once.
    uniqueIndex('ip_addresses_dedicated_key').on(t.ipAddress).where(sql`ip_address_type = 'DEDICATED' and ${LIVE}`),
    uniqueIndex('ip_addresses_company_ip_key').on(t.companyGuid, t.ipAddress).where(LIVE),
  ],
);
