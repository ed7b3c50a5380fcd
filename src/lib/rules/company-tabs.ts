import { isGuid } from '../schemas/ids';
import type { Scope } from './scopes';

/**
 * What each company action needs (spec part 3, 2.9 and 6): the tab's view scope, then the
 * write scopes of its buttons and forms. Every company page first needs can_view_company_info.
 */
export const COMPANY_SCOPES = {
  profile: ['can_view_company_info'],
  editProfile: ['can_view_company_info', 'can_edit_company_profile'],
  users: ['can_view_company_info', 'can_view_company_users'],
  /** Invite and create (spec part 3, 6 UI rules). */
  addUsers: ['can_view_company_info', 'can_view_company_users', 'can_add_company_users'],
  /** Edit and, as the spec's UI rules say, delete too. */
  editUsers: ['can_view_company_info', 'can_view_company_users', 'can_edit_company_users'],
  /** Spec part 3, 6 lists can_delete_company_users, and its UI rule says delete needs can_edit_company_users: both. */
  deleteUsers: ['can_view_company_info', 'can_view_company_users', 'can_edit_company_users', 'can_delete_company_users'],
  vat: ['can_view_company_info', 'can_view_vat'],
  logs: ['can_view_company_info', 'can_view_company_logs'],
  emails: ['can_view_company_info', 'can_view_company_emails'],
  contacts: ['can_view_company_info', 'can_view_company_contacts'],
  api: ['can_view_company_info', 'can_view_api_keys'],
  /** Create, edit and delete of API keys (spec part 3, 6: can_create_api_keys covers all three). */
  createApiKeys: ['can_view_company_info', 'can_view_api_keys', 'can_create_api_keys'],
  partnerdetails: ['can_view_company_info'],
} as const satisfies Record<string, readonly Scope[]>;

export interface CompanyTabInfo {
  value: CompanyTab;
  label: string;
  scopes: readonly Scope[];
  /** Shown only to a partner company (Partner Details). */
  partnerOnly?: boolean;
}

/**
 * The company area's tabs (spec part 3, 2.9) in the order of the spec's title list, each with
 * the scope it needs; Partner Details only for a partner company.
 */
export const COMPANY_TABS = [
  { value: 'profile', label: 'Profile', scopes: COMPANY_SCOPES.profile },
  { value: 'users', label: 'Users', scopes: COMPANY_SCOPES.users },
  { value: 'vat', label: 'VAT', scopes: COMPANY_SCOPES.vat },
  { value: 'logs', label: 'Logs', scopes: COMPANY_SCOPES.logs },
  { value: 'emails', label: 'Emails', scopes: COMPANY_SCOPES.emails },
  { value: 'contacts', label: 'Contacts', scopes: COMPANY_SCOPES.contacts },
  { value: 'api', label: 'API Keys', scopes: COMPANY_SCOPES.api },
  { value: 'partnerdetails', label: 'Partner Details', scopes: COMPANY_SCOPES.partnerdetails, partnerOnly: true },
] as const satisfies readonly { value: string; label: string; scopes: readonly Scope[]; partnerOnly?: boolean }[];

export type CompanyTab = (typeof COMPANY_TABS)[number]['value'];

export const isCompanyTab = (s: string): s is CompanyTab => COMPANY_TABS.some((t) => t.value === s);

/** The page title a tab sets (spec part 3, 2.9: switching a tab updates the title). */
export const companyTabTitle = (tab: CompanyTab) => COMPANY_TABS.find((t) => t.value === tab)!.label;

/** The tabs a viewer sees: those whose scopes they hold, Partner Details only for a partner. */
export function visibleCompanyTabs(held: ReadonlySet<string>, isPartner: boolean): CompanyTabInfo[] {
  return COMPANY_TABS.filter((t) => t.scopes.every((s) => held.has(s)) && (!('partnerOnly' in t) || isPartner));
}

/**
 * The address of a tab: /company for the profile and /company/{page} for the others; with a
 * company named (/company/{guid}) the tab follows it, /company/{guid}/{page}.
 */
export function companyTabPath(tab: CompanyTab, guid?: string | null): string {
  const base = guid ? `/company/${guid}` : '/company';
  return tab === 'profile' ? base : `${base}/${tab}`;
}

/**
 * Reads the one-segment address /company/{key}: a guid names a company, a tab key a tab.
 * Null when it names neither.
 */
export function readCompanyKey(key: string): { guid: string | null; tab: CompanyTab } | null {
  if (isCompanyTab(key)) return { guid: null, tab: key };
  if (isGuid(key)) return { guid: key.toLowerCase(), tab: 'profile' };
  return null;
}
