import { boolean, index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders } from './billing';
import { createdAt, guidPk, ts } from './columns';
import { cents, companyGuid, currency } from './refs';

/** Shared hosting packages. Limits are whole units; null means unlimited. */
export const hostingPlans = pgTable('hosting_plans', {
  guid: guidPk(),
  name: text('name').notNull(),
  priceUsdCents: cents('price_usd_cents'),
  priceEurCents: cents('price_eur_cents'),
  storageGb: integer('storage_gb'),
  bandwidthGb: integer('bandwidth_gb'),
  inodes: integer('inodes'),
  memoryMb: integer('memory_mb'),
  cpuCores: integer('cpu_cores'),
  entryProcesses: integer('entry_processes'),
  activeProcesses: integer('active_processes'),
  emailAccounts: integer('email_accounts'),
  databases: integer('databases'),
  subdomains: integer('subdomains'),
  parkedDomains: integer('parked_domains'),
  addonDomains: integer('addon_domains'),
  /** False for retired plans: existing accounts keep them ('the current plan no longer exists'). */
  isAvailable: boolean('is_available').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const hostingLocations = pgTable('hosting_locations', {
  guid: guidPk(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  countryName: text('country_name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** cPanel servers that shared hosting accounts live on. */
export const hostingServers = pgTable('hosting_servers', {
  guid: guidPk(),
  locationGuid: uuid('location_guid')
    .notNull()
    .references(() => hostingLocations.guid),
  hostname: text('hostname').notNull().unique(),
  ipAddress: text('ip_address').notNull(),
  nameservers: text('nameservers').array().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
});

export const hostingAccounts = pgTable(
  'hosting_accounts',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    /** SHARED_HOSTING or CUSTOM_HOST. */
    accountType: text('account_type').notNull(),
    /** PENDING, ACTIVE, SUSPENDED, TERMINATED. */
    status: text('status').notNull().default('PENDING'),
    /** False until the cPanel account exists (it waits for addresses in the default IP group). */
    isCreated: boolean('is_created').notNull().default(false),
    isLegacy: boolean('is_legacy').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    isManaged: boolean('is_managed').notNull().default(false),
    allowDomainDeletion: boolean('allow_domain_deletion').notNull().default(true),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    planGuid: uuid('plan_guid').references(() => hostingPlans.guid),
    /** A downgrade scheduled for the renewal date (upgrade_pending in the API). */
    pendingPlanGuid: uuid('pending_plan_guid').references(() => hostingPlans.guid),
    locationGuid: uuid('location_guid').references(() => hostingLocations.guid),
    serverGuid: uuid('server_guid').references(() => hostingServers.guid),
    username: text('username'),
    /** The cPanel password, encrypted at rest: users may reveal it after re-entering theirs. */
    cpanelPasswordSecret: text('cpanel_password_secret'),
    monthlyCostCents: cents('monthly_cost_cents'),
    currency: currency(),
    /** CUSTOM_HOST only: HOSTNAME or IP_ADDRESS, and the one that applies. */
    destinationType: text('destination_type'),
    customHostname: text('custom_hostname'),
    customIpAddress: text('custom_ip_address'),
    dateSuspended: ts('date_suspended'),
    dateToBeTerminated: ts('date_to_be_terminated'),
    dateCreated: createdAt(),
  },
  (t) => [index('hosting_accounts_company_idx').on(t.companyGuid, t.dateCreated), index('hosting_accounts_order_idx').on(t.orderId)],
);
