import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { hostingAccounts } from './hosting';
import { ipAddresses, ipGroups } from './ip';
import { companyGuid, userRef } from './refs';
import { softwarePresets } from './software';

export const domainGroups = pgTable(
  'domain_groups',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    defaultHostingAccountGuid: uuid('default_hosting_account_guid').references(() => hostingAccounts.guid, {
      onDelete: 'set null',
    }),
    isInternal: boolean('is_internal').notNull().default(false),
    includeSubdomainsInList: boolean('include_subdomains_in_list').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    dateCreated: createdAt(),
  },
  (t) => [index('domain_groups_company_idx').on(t.companyGuid, t.name)],
);

/** IP groups whose addresses a domain group may use; no rows means all groups. */
export const domainGroupIpGroups = pgTable(
  'domain_group_ip_groups',
  {
    domainGroupGuid: uuid('domain_group_guid')
      .notNull()
      .references(() => domainGroups.guid, { onDelete: 'cascade' }),
    ipGroupGuid: uuid('ip_group_guid')
      .notNull()
      .references(() => ipGroups.guid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.domainGroupGuid, t.ipGroupGuid] })],
);

export type SafeBrowsing = { statuses: string[]; date_last_check: string | null; date_status_expires: string | null };

/**
 * Domains and subdomains alike: a subdomain is a row with is_subdomain and its parent, so
 * it has its own drawer (SSL, software, redirects, notes) and can show in the group list
 * when include_subdomains_in_list is set. The SSL, meta (redirect and cache flags), WHOIS,
 * metrics and health columns are the domain's one-to-one parts, kept inline for list speed.
 */
export const domains = pgTable(
  'domains',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    groupGuid: uuid('group_guid')
      .notNull()
      .references(() => domainGroups.guid),
    domain: text('domain').notNull(),
    /** ADDING, ACTIVE, PENDING, DELETING, SCHEDULED, UPDATING, UPDATING_HOSTING, SUSPENDED. */
    status: text('status').notNull().default('ADDING'),
    isSubdomain: boolean('is_subdomain').notNull().default(false),
    parentDomainGuid: uuid('parent_domain_guid').references((): AnyPgColumn => domains.guid, { onDelete: 'cascade' }),
    isWildcard: boolean('is_wildcard').notNull().default(false),
    /** DOMAIN (the account's main domain), ADDON_DOMAIN, SUBDOMAIN or PARKED_DOMAIN. */
    hostingType: text('hosting_type').notNull().default('ADDON_DOMAIN'),
    ipAddressGuid: uuid('ip_address_guid').references(() => ipAddresses.guid, { onDelete: 'set null' }),
    hostingAccountGuid: uuid('hosting_account_guid').references(() => hostingAccounts.guid, { onDelete: 'set null' }),
    isInCpanel: boolean('is_in_cpanel').notNull().default(false),
    /** Null: no certificate. PENDING, INSTALLING, ACTIVE, UNINSTALLING, FAILURE. */
    sslStatus: text('ssl_status'),
    /** LETS_ENCRYPT or CUSTOM. */
    sslCertificateType: text('ssl_certificate_type'),
    sslIncludeWww: boolean('ssl_include_www').notNull().default(false),
    sslDateCreated: ts('ssl_date_created'),
    sslDateExpires: ts('ssl_date_expires'),
    redirectToHttps: boolean('redirect_to_https').notNull().default(false),
    redirectToHttp: boolean('redirect_to_http').notNull().default(false),
    redirectToWww: boolean('redirect_to_www').notNull().default(false),
    redirectToNonwww: boolean('redirect_to_nonwww').notNull().default(false),
    cacheEnabled: boolean('cache_enabled').notNull().default(false),
    /** ACTIVE, or UPDATING while a meta change is applied. */
    metaStatus: text('meta_status').notNull().default('ACTIVE'),
    /** Chosen when the domain was added; the installation itself is software_installations. */
    softwareProtocol: text('software_protocol'),
    softwarePresetGuid: uuid('software_preset_guid').references((): AnyPgColumn => softwarePresets.guid, {
      onDelete: 'set null',
    }),
    dateWhoisChecked: ts('date_whois_checked'),
    whoisExpires: ts('whois_expires'),
    dateMetricsChecked: ts('date_metrics_checked'),
    tf: integer('tf'),
    da: integer('da'),
    googleSafeBrowsing: jsonb('google_safe_browsing').$type<SafeBrowsing>(),
    dateHealthChecked: ts('date_health_checked'),
    isNxdomain: boolean('is_nxdomain'),
    isExpired: boolean('is_expired'),
    isCloudflare: boolean('is_cloudflare'),
    resolvedIpAddress: text('resolved_ip_address'),
    resolvedWwwIpAddress: text('resolved_www_ip_address'),
    dateUpdated: ts('date_updated'),
    dateCreated: createdAt(),
  },
  (t) => [
    uniqueIndex('domains_domain_key').on(t.domain),
    index('domains_company_group_domain_idx').on(t.companyGuid, t.groupGuid, t.domain),
    index('domains_group_whois_idx').on(t.groupGuid, t.whoisExpires),
    index('domains_ip_idx').on(t.ipAddressGuid),
    index('domains_hosting_idx').on(t.hostingAccountGuid),
    index('domains_parent_idx').on(t.parentDomainGuid),
  ],
);

export const domainNotes = pgTable('domain_notes', {
  domainGuid: uuid('domain_guid')
    .primaryKey()
    .references(() => domains.guid, { onDelete: 'cascade' }),
  notes: text('notes').notNull().default(''),
  updatedBy: userRef('updated_by'),
  dateUpdated: ts('date_updated').notNull().defaultNow(),
});

export const urlRedirects = pgTable(
  'url_redirects',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    domainGuid: uuid('domain_guid')
      .notNull()
      .references(() => domains.guid, { onDelete: 'cascade' }),
    /** Relative paths, one may end in '*'. */
    urls: text('urls').array().notNull(),
    destination: text('destination').notNull(),
    responseCode: integer('response_code').notNull().default(301),
    /** ACTIVE or DISABLED. */
    status: text('status').notNull().default('ACTIVE'),
    dateCreated: createdAt(),
  },
  (t) => [index('url_redirects_domain_idx').on(t.domainGuid, t.dateCreated), index('url_redirects_company_idx').on(t.companyGuid)],
);

export const emailForwarders = pgTable(
  'email_forwarders',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    domainGuid: uuid('domain_guid')
      .notNull()
      .references(() => domains.guid, { onDelete: 'cascade' }),
    /** The local part; '*' is the catch-all. */
    address: text('address').notNull(),
    emailType: text('email_type').notNull().default('FORWARDER'),
    forwardAddress: text('forward_address').notNull(),
    isCatchall: boolean('is_catchall').notNull().default(false),
    /** PENDING, ACTIVE, DELETING. */
    status: text('status').notNull().default('PENDING'),
    dateCreated: createdAt(),
  },
  (t) => [index('email_forwarders_domain_idx').on(t.domainGuid), index('email_forwarders_company_idx').on(t.companyGuid)],
);
