import { basename, join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNT_TABS } from '../../../src/lib/rules/account-tabs';
import { AFFILIATE_TABS } from '../../../src/lib/rules/affiliate';
import { BILLING_TABS } from '../../../src/lib/rules/billing-tabs';
import { COMPANY_TABS } from '../../../src/lib/rules/company-tabs';
import { DOMAIN_GROUP_TABS } from '../../../src/lib/rules/domain-tabs';
import { FIREWALL_TABS } from '../../../src/lib/rules/firewall-tabs';
import { SCREEN_IDS } from '../../../src/lib/rules/routes';
import { SCREENS, type ScreenId } from '../../../src/lib/rules/screens';

/**
 * Where the tour leaves its screenshots, one folder per role: `.builds/screens/<role>/<screen>-<width>-<theme>.jpeg`
 * (`.builds/<name>-screens` for a run built with HOSTDECK_OUT_DIR, so side-by-side runs keep theirs apart).
 */
export const TOUR_DIR = join(process.cwd(), '.builds', process.env.HOSTDECK_OUT_DIR ? `${basename(process.env.HOSTDECK_OUT_DIR)}-screens` : 'screens');

/** Real ids of the demo data, as the role's own API answers them (every one the screen table's parameters need). */
export interface DemoIds {
  domainGroup: string;
  website: string;
  ipGroup: string;
  hostingAccount: string;
  firewallRule: string;
  order: number;
  invoice: number;
  creditNote: number;
  company: string;
  /** A company the role may switch to (its second membership, else its own). */
  otherCompany: string;
  membership: string;
  affiliateInvoice: number;
  /** The made-up ids that stand in for what the role has none of: their screens ask, and the API answers 404 on purpose. */
  standIns: string[];
}

interface Listed<T> {
  data: T[];
}

/** Reads the ids through the API with the role's token; a list the role may not read gives a made-up id, which its screen refuses in words. */
export async function demoIds(request: APIRequestContext, token: string): Promise<DemoIds> {
  const headers = { Authorization: `Token ${token}` };
  // The seeded objects by name where the demo has them: other browser tests add (and delete)
  // groups, domains and orders of their own while the tour runs.
  const first = async <T>(path: string, seeded: (item: T) => boolean = () => true): Promise<T | undefined> => {
    const answer = await request.get(`/api${path}${path.includes('?') ? '&' : '?'}per_page=100`, { headers });
    if (!answer.ok()) return undefined;
    const { data } = (await answer.json()) as Listed<T>;
    return data.find(seeded) ?? data[0];
  };
  const named = (name: string) => (item: { name?: string; group?: { name: string } | null }) => (item.name ?? item.group?.name) === name;
  const standIns = new Set<string>();
  const noGuid = '00000000-0000-4000-8000-000000000000';
  // An address whose item the demo data lacks is opened with a stand-in id, and noted as such.
  const standIn = <T>(id: T, noted: string): T => {
    standIns.add(noted);
    return id;
  };
  const guidOf = async (path: string, seededName?: string) =>
    (await first<{ guid: string; name?: string; group?: { name: string } | null }>(path, seededName ? named(seededName) : undefined))?.guid ?? standIn(noGuid, noGuid);
  const idOf = async (path: string) => (await first<{ id: number }>(path))?.id ?? standIn(1, '1');
  const me = (await (await request.get('/api/account/whoami/', { headers })).json()) as { user: { company: { guid: string } } };
  const companies = await request.get('/api/account/companies/?per_page=10', { headers });
  const memberships = companies.ok() ? ((await companies.json()) as Listed<{ guid: string; company: { guid: string } }>).data : [];
  const own = me.user.company.guid;
  return {
    domainGroup: await guidOf('/domains/groups/', 'Agency Sites'),
    website: await guidOf('/domains/websites/', 'Agency Sites'),
    ipGroup: await guidOf('/ip_addresses/groups/', 'EU Network'),
    hostingAccount: await guidOf('/hosting/accounts/', 'Client Sites'),
    firewallRule: await guidOf('/firewall/', 'Allow office'),
    order: await idOf('/billing/orders/'),
    invoice: await idOf('/billing/invoices/'),
    creditNote: await idOf('/billing/credit/'),
    company: own,
    otherCompany: memberships.find((m) => m.company.guid !== own)?.company.guid ?? own,
    membership: memberships[0]?.guid ?? noGuid,
    affiliateInvoice: await idOf('/affiliate/billing/invoices/'),
    standIns: [...standIns],
  };
}

const tabsBut = (tabs: readonly { value: string }[], first: string) => tabs.map((t) => t.value).filter((t) => t !== first);

/**
 * For every screen with parameters, the addresses the tour opens: each tab, with the demo
 * data's own ids. A screen without parameters is toured at its own address. A screen missing
 * here fails the tour (tests/e2e/tour.spec.ts), so a new screen is toured the moment it is in
 * the table.
 */
export const ROUTE_EXAMPLES: Partial<Record<ScreenId, (ids: DemoIds) => string[]>> = {
  domainGroup: (ids) => [`/domains/${ids.domainGroup}`],
  domainGroupTab: (ids) => tabsBut(DOMAIN_GROUP_TABS, 'domains').map((tab) => `/domains/${ids.domainGroup}/${tab}`),
  website: (ids) => [`/websites/${ids.website}`],
  ipGroup: (ids) => [`/ip-addresses/${ids.ipGroup}`],
  hostingAccount: (ids) => [`/hosting/${ids.hostingAccount}`],
  firewallEditRule: (ids) => [`/firewall/edit/${ids.firewallRule}`],
  firewallTab: () => tabsBut(FIREWALL_TABS, 'rules').map((tab) => `/firewall/${tab}`),
  billingOrder: (ids) => [`/billing/orders/${ids.order}`],
  billingInvoice: (ids) => [`/billing/invoices/${ids.invoice}`],
  billingCreditNote: (ids) => [`/billing/credit_notes/${ids.creditNote}`],
  billingTab: () => tabsBut(BILLING_TABS, 'orders').map((tab) => `/billing/${tab}`),
  selectCompany: (ids) => [`/account/select-company/${ids.otherCompany}`],
  accountCompany: (ids) => [`/account/company/${ids.company}`],
  accountCompanyTab: (ids) => tabsBut(COMPANY_TABS, 'profile').map((tab) => `/account/company/${ids.company}/${tab}`),
  accountTab: () => tabsBut(ACCOUNT_TABS, 'profile').map((tab) => `/account/${tab}`),
  accountItem: (ids) => [`/account/companies/${ids.membership}`],
  companyKey: () => tabsBut(COMPANY_TABS, 'profile').map((tab) => `/company/${tab}`),
  companyTab: (ids) => [`/company/${ids.company}/users`],
  affiliateInvoice: (ids) => [`/affiliate/billing/invoice/${ids.affiliateInvoice}`],
  affiliateTab: () => tabsBut(AFFILIATE_TABS, 'overview').map((tab) => `/affiliate/${tab}`),
};

const hasParameters = (id: ScreenId) => SCREENS[id].pattern.includes('{');

/** The addresses the tour opens for screen `id`: its examples, or its own address when it takes no parameters. */
export const touredAddresses = (id: ScreenId, ids: DemoIds): string[] => ROUTE_EXAMPLES[id]?.(ids) ?? (hasParameters(id) ? [] : [SCREENS[id].pattern]);

/** The screens the tour has no addresses for (none, or the tour fails). */
export const untouredScreens = () => SCREEN_IDS.filter((id) => hasParameters(id) && !ROUTE_EXAMPLES[id]);

/** A file name for a screen's address: `/domains/<guid>/tasks` becomes `domains-group-tasks`. */
export function screenName(pattern: string, path: string): string {
  const fixed = pattern.split('/').filter(Boolean);
  const actual = path.split('/').filter(Boolean);
  const name = actual.map((seg, i) => (/^\{\w+\}$/.test(fixed[i] ?? '') && !/^(page|tab)$/.test(fixed[i]!.slice(1, -1)) ? fixed[i]!.slice(1, -1) : seg));
  return name.join('-') || 'dashboard';
}
