import { boolean, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { domains } from './domains';
import { companyGuid } from './refs';

/** Installable software (the spec's software list: id, key, name). */
export const softwareCatalogue = pgTable('software_catalogue', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  /** Language codes offered by the install form; empty means the language field is disabled. */
  languages: text('languages').array().notNull().default([]),
  /** Offered by the add-domains wizard and presets (only WORDPRESS there). */
  inWizard: boolean('in_wizard').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** At most one installation per domain. */
export const softwareInstallations = pgTable(
  'software_installations',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    domainGuid: uuid('domain_guid')
      .notNull()
      .references((): AnyPgColumn => domains.guid, { onDelete: 'cascade' }),
    softwareId: integer('software_id')
      .notNull()
      .references(() => softwareCatalogue.id),
    /** PENDING, INSTALLING, ACTIVE, UPDATING, UNINSTALLING, FAILURE. */
    status: text('status').notNull().default('PENDING'),
    protocol: text('protocol').notNull().default('https://'),
    language: text('language').notNull().default('en'),
    installDirectory: text('install_directory').notNull().default(''),
    /** Null when imported without credentials ('Username is unavailable!'). */
    adminUsername: text('admin_username'),
    /** Encrypted at rest: revealed only after the user re-enters their own password. */
    adminPasswordSecret: text('admin_password_secret'),
    adminEmail: text('admin_email'),
    websiteName: text('website_name'),
    websiteDescription: text('website_description'),
    presetGuid: uuid('preset_guid').references((): AnyPgColumn => softwarePresets.guid, { onDelete: 'set null' }),
    isImported: boolean('is_imported').notNull().default(false),
    dateInstalled: ts('date_installed'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('software_installations_domain_key').on(t.domainGuid), index('software_installations_company_idx').on(t.companyGuid)],
);

export const softwarePresets = pgTable(
  'software_presets',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    /** The catalogue key (WORDPRESS). */
    softwareName: text('software_name').notNull(),
    dateCreated: createdAt(),
  },
  (t) => [index('software_presets_company_idx').on(t.companyGuid, t.dateCreated)],
);

export const softwarePresetGroups = pgTable(
  'software_preset_groups',
  {
    guid: guidPk(),
    presetGuid: uuid('preset_guid')
      .notNull()
      .references(() => softwarePresets.guid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** PLUGINS or THEMES. */
    groupType: text('group_type').notNull(),
    /** RANDOM, or ALL (PLUGINS only). */
    installAction: text('install_action').notNull(),
    dateCreated: createdAt(),
  },
  (t) => [index('software_preset_groups_preset_idx').on(t.presetGuid)],
);

export const softwarePresetItems = pgTable(
  'software_preset_items',
  {
    guid: guidPk(),
    groupGuid: uuid('group_guid')
      .notNull()
      .references(() => softwarePresetGroups.guid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** PLUGIN or THEME. */
    itemType: text('item_type').notNull(),
    dateCreated: createdAt(),
  },
  (t) => [index('software_preset_items_group_idx').on(t.groupGuid)],
);

/**
 * One-time sign-in links to a domain's software admin or its hosting account's control panel
 * (spec part 2, 7.2 `GET /domains/{guid}/login/software|cpanel/`), opened on the HTTP edge. Only
 * the token's hash is kept; a link works once, for a short while.
 */
export const loginLinks = pgTable(
  'login_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyGuid: companyGuid(),
    domainGuid: uuid('domain_guid')
      .notNull()
      .references(() => domains.guid, { onDelete: 'cascade' }),
    /** SOFTWARE or CPANEL. */
    kind: text('kind').notNull(),
    /** Who the link signs in as (the software's admin, the account's cPanel user). */
    username: text('username').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    dateCreated: createdAt(),
  },
  (t) => [index('login_links_domain_idx').on(t.domainGuid)],
);
