import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { companies, providers, users } from './identity';

/**
 * Every email the API sends, to a user (account Emails tab) or on behalf of a company
 * (company Emails tab). `date_sent` null with `is_sent` false shows as 'Scheduled'.
 * The guid doubles as the `eid` of the unsubscribe link.
 */
export const emails = pgTable(
  'emails',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid').references(() => users.guid, { onDelete: 'cascade' }),
    companyGuid: uuid('company_guid').references(() => companies.guid, { onDelete: 'cascade' }),
    /** Which mail it is (verify_email, new_invoice, ...): lets a contact's event list filter it. */
    template: text('template'),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    dateSent: ts('date_sent'),
    isSent: boolean('is_sent').notNull().default(false),
    error: text('error'),
    dateCreated: createdAt(),
  },
  (t) => [index('emails_user_idx').on(t.userGuid, t.dateCreated), index('emails_company_idx').on(t.companyGuid, t.dateCreated)],
);

/** Bell notifications of one user, optionally about one company. */
export const notifications = pgTable(
  'notifications',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    companyGuid: uuid('company_guid').references(() => companies.guid, { onDelete: 'cascade' }),
    /** SUCCESS, INFO, WARNING or ERROR. */
    notificationType: text('notification_type').notNull().default('INFO'),
    message: text('message').notNull(),
    seen: boolean('seen').notNull().default(false),
    dateCreated: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userGuid, t.dateCreated), index('notifications_company_idx').on(t.companyGuid)],
);

/** Provider-wide banners; `message` is HTML and is sanitised before rendering. */
export const announcements = pgTable('announcements', {
  guid: guidPk(),
  providerGuid: uuid('provider_guid').references(() => providers.guid, { onDelete: 'cascade' }),
  /** INFO, WARNING, ERROR or SUCCESS (banner colour). */
  type: text('type').notNull().default('INFO'),
  title: text('title'),
  message: text('message').notNull(),
  showIcon: boolean('show_icon').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  dateStart: ts('date_start'),
  dateEnd: ts('date_end'),
  dateCreated: createdAt(),
});

/** Ongoing incidents shown to everyone while unresolved. */
export const issueNotices = pgTable('issue_notices', {
  guid: guidPk(),
  message: text('message').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  dateResolved: ts('date_resolved'),
  dateCreated: createdAt(),
});

/** Dashboard news; an item counts as NEW for a week after `date_modified`. */
export const news = pgTable('news', {
  guid: guidPk(),
  title: text('title').notNull(),
  link: text('link'),
  content: text('content').notNull(),
  dateModified: ts('date_modified').notNull().defaultNow(),
  dateCreated: createdAt(),
});

/** Descriptions behind GET /system/errors/{code}/ (e.g. why a payment failed). */
export const systemErrors = pgTable('system_errors', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
});

/**
 * Stands in for the EU VIES service (decisions.md, VAT check at sign-up): a VAT number with
 * a valid checksum is looked up here to compare the company name.
 */
export const vatRegistry = pgTable('vat_registry', {
  vatId: text('vat_id').primaryKey(),
  countryCode: text('country_code').notNull(),
  companyName: text('company_name').notNull(),
  address: text('address'),
});

/** Page views recorded by the reference API itself (no third-party tracking). */
export const pageViews = pgTable(
  'page_views',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid').references(() => users.guid, { onDelete: 'set null' }),
    companyGuid: uuid('company_guid').references(() => companies.guid, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    dateCreated: createdAt(),
  },
  (t) => [index('page_views_date_idx').on(t.dateCreated), index('page_views_company_idx').on(t.companyGuid)],
);

/** Articles of the support page and the support-info modal, keyed by a stable slug. */
export const kbArticles = pgTable('kb_articles', {
  guid: guidPk(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** HTML, sanitised before rendering. */
  content: text('content').notNull(),
  position: integer('position').notNull().default(0),
  dateModified: ts('date_modified').notNull().defaultNow(),
  dateCreated: createdAt(),
});

/**
 * Keys the server makes for itself when the environment gives none (the key that encrypts
 * software and cPanel passwords at rest without SECRET_KEY), made once per database.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  dateCreated: createdAt(),
});
