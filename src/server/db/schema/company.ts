import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { companies, users } from './identity';
import { companyGuid, userRef } from './refs';

export const vatIds = pgTable(
  'vat_ids',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    vatId: text('vat_id').notNull(),
    /** ACTIVE or DISABLED (the only transition). */
    status: text('status').notNull().default('ACTIVE'),
    dateUpdated: ts('date_updated'),
    dateCreated: createdAt(),
  },
  (t) => [index('vat_ids_company_idx').on(t.companyGuid, t.dateCreated)],
);

/**
 * People who receive a company's emails. An empty selected_events means every email,
 * transactional ones included. Verification goes through email_tokens (purpose CONTACT).
 */
export const contacts = pgTable(
  'contacts',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailAddress: text('email_address').notNull(),
    /** VERIFICATION until the link is followed, then ACTIVE. */
    status: text('status').notNull().default('VERIFICATION'),
    canBeDisabled: boolean('can_be_disabled').notNull().default(true),
    selectedEvents: text('selected_events').array().notNull().default([]),
    dateVerified: ts('date_verified'),
    dateCreated: createdAt(),
  },
  (t) => [index('contacts_company_idx').on(t.companyGuid, t.dateCreated)],
);

/**
 * A company API key. Each key acts through its own user (user_kind API_USER) whose company
 * membership holds the key's scopes; the token is a session_tokens row of kind API_KEY.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    name: text('name').notNull(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    /** Addresses the key may be used from. */
    allowedIpAddresses: text('allowed_ip_addresses').array().notNull().default([]),
    createdBy: userRef('created_by'),
    /** Null means the key never expires. */
    dateExpires: ts('date_expires'),
    dateCreated: createdAt(),
  },
  (t) => [index('api_keys_company_idx').on(t.companyGuid, t.dateCreated), uniqueIndex('api_keys_user_key').on(t.userGuid)],
);

/** White-label settings of a partner company (Partner Details tab). */
export const partnerDetails = pgTable(
  'partner_details',
  {
    companyGuid: uuid('company_guid')
      .primaryKey()
      .references(() => companies.guid, { onDelete: 'cascade' }),
    customDomain: text('custom_domain'),
    customLogo: text('custom_logo'),
    showSupportInfo: boolean('show_support_info').notNull().default(false),
    supportName: text('support_name'),
    supportEmail: text('support_email'),
    supportPhone: text('support_phone'),
    supportUrl: text('support_url'),
    useCustomStyles: boolean('use_custom_styles').notNull().default(false),
    primaryColor: text('primary_color'),
    headerBackgroundColor: text('header_background_color'),
    primaryButtonColor: text('primary_button_color'),
    primaryButtonHoverColor: text('primary_button_hover_color'),
    primaryButtonTextColor: text('primary_button_text_color'),
    primaryButtonHoverTextColor: text('primary_button_hover_text_color'),
    dateUpdated: ts('date_updated'),
  },
  // The panel picks the white label by host name, so one custom domain serves one partner.
  (t) => [uniqueIndex('partner_details_domain_key').on(t.customDomain)],
);
