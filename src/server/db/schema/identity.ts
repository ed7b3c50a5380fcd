import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TodoList } from '../../../lib/api/auth';
import { createdAt, guidPk, ts } from './columns';

/** The provider operating this panel: its name, support and white-label defaults. */
export const providers = pgTable('providers', {
  guid: guidPk(),
  name: text('name').notNull(),
  hostname: text('hostname'),
  supportEmail: text('support_email').notNull(),
  knowledgeBaseUrl: text('knowledge_base_url'),
  chatUrl: text('chat_url'),
  whiteLabel: jsonb('white_label').$type<Record<string, unknown>>().notNull().default({}),
  dateCreated: createdAt(),
});

export const accountManagers = pgTable('account_managers', {
  guid: guidPk(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  avatar: text('avatar'),
});

export type { TodoList };

export const users = pgTable(
  'users',
  {
    guid: guidPk(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    isCustomer: boolean('is_customer').notNull().default(false),
    /** API_USER for the user behind an API key; USER otherwise. */
    userKind: text('user_kind').notNull().default('USER'),
    emailVerifiedAt: ts('email_verified_at'),
    receiveFailedLoginEmails: boolean('receive_failed_login_emails').notNull().default(true),
    receiveAutomatedSalesEmails: boolean('receive_automated_sales_emails').notNull().default(true),
    receiveMarketingEmails: boolean('receive_marketing_emails').notNull().default(true),
    receiveUpdateEmails: boolean('receive_update_emails').notNull().default(true),
    todoList: jsonb('todo_list').$type<TodoList>(),
    defaultCompanyGuid: uuid('default_company_guid'),
    /** Seed of the dynamic invitation code (spec part 1, 2.6). */
    invitationSeed: text('invitation_seed'),
    foundUs: text('found_us'),
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    passwordChangedAt: ts('password_changed_at'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const companies = pgTable('companies', {
  guid: guidPk(),
  providerGuid: uuid('provider_guid').references(() => providers.guid),
  name: text('name').notNull(),
  address1: text('address1').notNull().default(''),
  address2: text('address2'),
  city: text('city').notNull().default(''),
  region: text('region').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  country: text('country').notNull().default(''),
  phone: text('phone').notNull().default(''),
  currency: text('currency').notNull().default('USD'),
  invoiceNotes: text('invoice_notes'),
  supportPin: text('support_pin').notNull(),
  isPartner: boolean('is_partner').notNull().default(false),
  status: text('status').notNull().default('ACTIVE'),
  whiteLabel: jsonb('white_label').$type<Record<string, unknown>>(),
  accountManagerGuid: uuid('account_manager_guid').references(() => accountManagers.guid),
  showGettingStarted: boolean('show_getting_started').notNull().default(false),
  gettingStartedStep: integer('getting_started_step').notNull().default(1),
  gettingStartedData: jsonb('getting_started_data').$type<Record<string, unknown>>().notNull().default({}),
  dateCreated: createdAt(),
});

/** A user's place in a company: account type, status, scopes and access restrictions. */
export const memberships = pgTable(
  'memberships',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    companyGuid: uuid('company_guid')
      .notNull()
      .references(() => companies.guid, { onDelete: 'cascade' }),
    /** OWNER, ADMIN, STAFF, BILLING, CUSTOMER or API_USER. */
    accountType: text('account_type').notNull(),
    /** USER or SUBUSER (SUBUSER lacks the Companies and Invitations tabs). */
    userType: text('user_type').notNull().default('USER'),
    status: text('status').notNull().default('ACTIVE'),
    permissions: text('permissions').array().notNull().default([]),
    allowedIpGroups: uuid('allowed_ip_groups').array().notNull().default([]),
    allowedDomainGroups: uuid('allowed_domain_groups').array().notNull().default([]),
    allowedHostingAccounts: uuid('allowed_hosting_accounts').array().notNull().default([]),
    allowedSoftwarePresets: uuid('allowed_software_presets').array().notNull().default([]),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('memberships_user_company_key').on(t.userGuid, t.companyGuid), index('memberships_company_idx').on(t.companyGuid)],
);

/** Sign-in sessions and API key tokens; only a SHA-256 of the token is stored. */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** SESSION for a sign-in, API_KEY for a company API key. */
    kind: text('kind').notNull().default('SESSION'),
    companyGuid: uuid('company_guid').references(() => companies.guid, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('session_tokens_hash_key').on(t.tokenHash), index('session_tokens_user_idx').on(t.userGuid)],
);

/** A sign-in waiting for its second step (2FA or device code): the session_id of the spec. */
export const loginChallenges = pgTable('login_challenges', {
  guid: guidPk(),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.guid, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  codeHash: text('code_hash'),
  deviceId: text('device_id'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  dateCreated: createdAt(),
});

export const twoFactorSecrets = pgTable('two_factor_secrets', {
  guid: guidPk(),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.guid, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: ts('confirmed_at'),
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
  dateCreated: createdAt(),
});

export const backupCodes = pgTable('backup_codes', {
  guid: guidPk(),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.guid, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: ts('used_at'),
  dateCreated: createdAt(),
});

export const trustedDevices = pgTable(
  'trusted_devices',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    /** Set when the user ticked 'Trust this device for 60 days?'; null means seen, not trusted. */
    trustedUntil: ts('trusted_until'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('trusted_devices_user_device_key').on(t.userGuid, t.deviceHash)],
);

/** Single-use links and codes sent by email: verification, reset, contact verification. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid').references(() => users.guid, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    subjectGuid: uuid('subject_guid'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash)],
);

export const loginRecords = pgTable(
  'login_records',
  {
    guid: guidPk(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    timestamp: ts('timestamp').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    countryCode: text('country_code'),
    countryName: text('country_name'),
    city: text('city'),
    status: text('status').notNull(),
  },
  (t) => [index('login_records_user_idx').on(t.userGuid, t.timestamp)],
);

/** Counters for throttling guesses (passwords, codes), kept in the database so they survive restarts. */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Every write of the API records one row here (spec part 1, 2.6 Logs; part 3, 2.9 Logs). */
export const activityLogs = pgTable(
  'activity_logs',
  {
    guid: guidPk(),
    companyGuid: uuid('company_guid').references(() => companies.guid, { onDelete: 'cascade' }),
    actorGuid: uuid('actor_guid').references(() => users.guid, { onDelete: 'set null' }),
    actorFirstName: text('actor_first_name').notNull().default(''),
    actorLastName: text('actor_last_name').notNull().default(''),
    actorUserType: text('actor_user_type').notNull().default('USER'),
    verb: text('verb').notNull(),
    actionObject: text('action_object'),
    actionObjectType: text('action_object_type'),
    actionObjectGuid: text('action_object_guid'),
    target: text('target'),
    targetType: text('target_type'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    dateCreated: createdAt(),
  },
  (t) => [index('activity_logs_company_idx').on(t.companyGuid, t.dateCreated), index('activity_logs_actor_idx').on(t.actorGuid, t.dateCreated)],
);

export const invitations = pgTable('invitations', {
  guid: guidPk(),
  companyGuid: uuid('company_guid')
    .notNull()
    .references(() => companies.guid, { onDelete: 'cascade' }),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.guid, { onDelete: 'cascade' }),
  invitedByGuid: uuid('invited_by_guid').references(() => users.guid, { onDelete: 'set null' }),
  status: text('status').notNull().default('PENDING'),
  dateCreated: createdAt(),
});
