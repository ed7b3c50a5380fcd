import { z } from 'zod';
import { billingCycleOption, couponTerms } from './ip-orders';
import { PLAN_CHANGE_TIMES, planChangePreviewQuery, planChangeSchema, sharedHostingOptionsQuery, sharedHostingOrderSchema } from '../schemas/hosting-orders';
import { hostingOrderRoutes, hostingRoutes } from '../requests/hosting';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';
import { pagingSchema } from '../schemas/lists';
import { HOSTING_ACCOUNT_NOT_FOUND, cpanelChangeSchema, cpanelRevealSchema, customHostSchema, hostingAccountPatchSchema } from '../schemas/hosting-accounts';

/** Hosting accounts (spec part 3, 3 "Hosting account"); the domain area's pickers read them (spec part 2, 7.1). */

const iso = z.iso.datetime();
export const hostingAccount = z
  .object({
    guid: z.guid(),
    name: z.string(),
    account_type: z.enum(['SHARED_HOSTING', 'CUSTOM_HOST']),
    status: z.string(),
    is_created: z.boolean(),
    is_legacy: z.boolean(),
    is_internal: z.boolean(),
    is_managed: z.boolean(),
    allow_domain_deletion: z.boolean(),
    upgrade_pending: z.boolean(),
    order: z.object({ id: z.number().int() }).nullable(),
    order_renewal: iso.nullable(),
    date_to_be_terminated: iso.nullable(),
    date_created: iso,
    username: z.string().nullable(),
    domain_count: z.number().int(),
    cost: z.object({ amount: z.number().int(), currency: z.string() }),
    location: z.object({ city: z.string(), country_name: z.string() }).nullable(),
    hosting_server: z.object({ hostname: z.string(), ip_address: z.string() }).nullable(),
    custom_host_server: z.object({ destination_type: z.enum(['HOSTNAME', 'IP_ADDRESS']), hostname: z.string().nullable(), ip_address: z.string().nullable() }).nullable(),
    plan: z.object({ guid: z.guid(), name: z.string() }).nullable(),
  })
  .meta({ id: 'HostingAccount' });
export type HostingAccount = z.infer<typeof hostingAccount>;

export const listHostingAccountsOp = defineOperation({
  ...hostingRoutes.listHostingAccounts,
  area: 'hosting',
  summary: "The company's hosting accounts, newest first",
  query: pagingSchema(),
  answer: pageOf(hostingAccount),
  scopes: ['can_view_hosting_accounts'],
});

/* ---- The hosting account page, cPanel and custom hosts (spec part 3, 2.8 and 7 "Hosting and plans"). ---- */

const accountParams = z.object({ guid: guidParam });

/** The package's limits as the Hosting Plan card lists them; null means unlimited. */
export const hostingPlanLimits = z
  .object({
    storage: z.number().int().nullable().describe('GB'),
    bandwidth: z.number().int().nullable().describe('GB'),
    inodes: z.number().int().nullable(),
    memory: z.number().int().nullable().describe('MB of RAM'),
    cpu: z.number().int().nullable().describe('cores'),
    entry_processes: z.number().int().nullable(),
    active_processes: z.number().int().nullable(),
    email_accounts: z.number().int().nullable(),
    databases: z.number().int().nullable(),
    subdomains: z.number().int().nullable(),
    parked_domains: z.number().int().nullable(),
    addon_domains: z.number().int().nullable(),
  })
  .meta({ id: 'HostingPlanLimits' });
export type HostingPlanLimits = z.infer<typeof hostingPlanLimits>;

/**
 * One account as its page shows it: the list's fields plus what the cards need, the server's
 * two nameservers (spec part 3, 2.8: for non-legacy shared hosting), the plan's limits, the plan
 * a scheduled downgrade moves to, the invoice a plan change waits for, and whether a cPanel
 * password is kept to reveal.
 */
export const hostingAccountDetail = hostingAccount
  .extend({
    nameservers: z.array(z.string()),
    plan_limits: hostingPlanLimits.nullable(),
    pending_plan: z.object({ guid: z.guid(), name: z.string() }).nullable(),
    /** A plan change "now" whose invoice is not paid yet: the plan switches when it is, and no other change is taken meanwhile. */
    plan_change_invoice_id: z.number().int().nullable(),
    has_cpanel_password: z.boolean(),
  })
  .meta({ id: 'HostingAccountDetail' });
export type HostingAccountDetail = z.infer<typeof hostingAccountDetail>;

/** Hosting domain (spec part 3, 3). */
export const hostingDomain = z
  .object({
    guid: z.guid(),
    domain: z.string(),
    ip_address: z.string().nullable(),
    status: z.string(),
    group: z.object({ guid: z.guid(), name: z.string() }),
    date_created: iso,
  })
  .meta({ id: 'HostingDomain' });
export type HostingDomain = z.infer<typeof hostingDomain>;

export const getHostingAccountOp = defineOperation({
  ...hostingRoutes.getHostingAccount,
  area: 'hosting',
  summary: 'One hosting account, with its nameservers and plan limits',
  params: accountParams,
  answer: z.object({ data: hostingAccountDetail }),
  scopes: ['can_view_hosting_accounts'],
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});

export const updateHostingAccountOp = defineOperation({
  ...hostingRoutes.updateHostingAccount,
  area: 'hosting',
  summary: 'Renames an account or switches its domain deletion (one at a time)',
  params: accountParams,
  body: hostingAccountPatchSchema,
  answer: z.object({ message: z.string(), data: hostingAccountDetail }),
  scopes: ['can_view_hosting_accounts', 'can_edit_hosting_accounts'],
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});

export const deleteHostingAccountOp = defineOperation({
  ...hostingRoutes.deleteHostingAccount,
  area: 'hosting',
  summary: 'Deletes a custom host that no domain uses (other types cannot be deleted)',
  params: accountParams,
  answer: messageAnswer,
  scopes: ['can_view_hosting_accounts', 'can_delete_hosting_accounts'],
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});

export const listHostingAccountDomainsOp = defineOperation({
  ...hostingRoutes.listHostingAccountDomains,
  area: 'hosting',
  summary: "The account's domains (not subdomains), newest first",
  params: accountParams,
  query: pagingSchema(),
  answer: pageOf(hostingDomain),
  scopes: ['can_view_hosting_accounts'],
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});

/** Spec part 3, 2.8: the cPanel password, after the user enters their own account password. Not for API keys. */
export const revealCpanelPasswordOp = defineOperation({
  ...hostingRoutes.revealCpanelPassword,
  area: 'hosting',
  summary: "The shared hosting account's cPanel password, for the user's own account password",
  params: accountParams,
  body: cpanelRevealSchema,
  answer: z.object({ password: z.string() }),
  scopes: ['can_view_hosting_accounts', 'can_login_to_hosting_accounts'],
  apiKeys: false,
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});

export const changeCpanelPasswordOp = defineOperation({
  ...hostingRoutes.changeCpanelPassword,
  area: 'hosting',
  summary: "Changes the shared hosting account's cPanel password (the current one must match)",
  params: accountParams,
  body: cpanelChangeSchema,
  answer: messageAnswer,
  scopes: ['can_view_hosting_accounts', 'can_edit_hosting_accounts'],
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});

/** A one-time link to the reference API's sandbox control panel, opened in a new tab. Not for API keys. */
export const hostingCpanelLoginOp = defineOperation({
  ...hostingRoutes.cpanelLogin,
  area: 'hosting',
  summary: "A one-time link that signs in to the shared hosting account's control panel",
  params: accountParams,
  answer: z.object({ redirect_url: z.url() }),
  scopes: ['can_view_hosting_accounts', 'can_login_to_hosting_accounts'],
  apiKeys: false,
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});

export const createCustomHostOp = defineOperation({
  ...hostingRoutes.createCustomHost,
  area: 'hosting',
  summary: 'Adds a custom host: a server of your own that domains point at',
  body: customHostSchema,
  answer: z.object({ message: z.string(), data: hostingAccountDetail }),
  status: 201,
  scopes: ['can_view_hosting_accounts', 'can_add_hosting_accounts'],
});

/* ---- Shared hosting orders and plan changes (spec part 3, 2.8, 4 "Plan change wizard", 5, 7 "Hosting and plans"). ---- */

const currencyEnum = z.enum(['USD', 'EUR']);
const cents = z.number().int();

/** Shared hosting plan (spec part 3, 3): both prices, the one in the company's currency, and the limits. */
export const hostingPlan = hostingPlanLimits
  .extend({
    guid: z.guid(),
    name: z.string(),
    price_usd: cents.describe('USD cents a month'),
    price_eur: cents.describe('EUR cents a month'),
    /** The monthly price in `currency`, the company's (spec part 3, 9: "Plan prices in USD and EUR per company currency"). */
    price: cents,
    currency: currencyEnum,
  })
  .meta({ id: 'HostingPlan' });
export type HostingPlan = z.infer<typeof hostingPlan>;

/** The plans on offer; spec part 3, 7: "the nested response shape is data.data". */
export const listHostingPlansOp = defineOperation({
  ...hostingOrderRoutes.plans,
  area: 'hosting',
  summary: 'Shared hosting plans on offer, priced in the company currency (answer nested as data.data)',
  answer: z.object({ data: pageOf(hostingPlan) }),
  scopes: ['can_view_hosting_accounts'],
});

export const hostingLocation = z.object({ guid: z.guid(), city: z.string(), country_name: z.string(), country: z.string() }).meta({ id: 'HostingLocation' });
export type HostingLocation = z.infer<typeof hostingLocation>;

export const listHostingLocationsOp = defineOperation({
  ...hostingOrderRoutes.locations,
  area: 'hosting',
  summary: 'Where shared hosting can be ordered',
  answer: z.object({ data: z.array(hostingLocation) }),
  scopes: ['can_view_hosting_accounts'],
});

export const sharedHostingOptions = z
  .object({
    /** Billing cycles with their 'N% off' (spec part 3, 7: "billing cycles in data"). */
    data: z.array(billingCycleOption),
    defaults: z.object({ billing_cycle: z.string() }),
    currency: currencyEnum,
    tax_rate: z.number(),
    eur_per_usd: z.number().nullable(),
    /** The query's coupon, when one was given and is valid. */
    coupon: couponTerms.nullable(),
  })
  .meta({ id: 'SharedHostingOptions' });
export type SharedHostingOptions = z.infer<typeof sharedHostingOptions>;

export const sharedHostingOptionsOp = defineOperation({
  ...hostingOrderRoutes.options,
  area: 'hosting',
  summary: 'Billing cycles (with their discounts) of a shared hosting order; checks a coupon',
  query: sharedHostingOptionsQuery,
  answer: sharedHostingOptions,
  scopes: ['can_view_hosting_accounts'],
});

/**
 * Places a shared hosting order: a PENDING order, its UNPAID invoice and the account, not
 * created yet; once the invoice is paid a job creates the cPanel account.
 */
export const createSharedHostingOrderOp = defineOperation({
  ...hostingOrderRoutes.create,
  area: 'hosting',
  summary: 'Orders shared hosting: a PENDING order, its UNPAID invoice and the account to create once paid (answers invoice_id)',
  body: sharedHostingOrderSchema,
  answer: z.object({ message: z.string(), invoice_id: z.number().int(), order_id: z.number().int(), hosting_account: z.guid() }).meta({ id: 'SharedHostingOrderCreated' }),
  status: 201,
  scopes: ['can_view_hosting_accounts', 'can_add_hosting_accounts'],
  // A double click or a retried request makes one order.
  idempotent: true,
});

const planRef = z.object({ guid: z.guid(), name: z.string(), monthly_cost: cents });

/** What a plan change would do, as the wizard's step 2 shows it before anything is committed. */
export const planChangePreview = z
  .object({
    hosting_account: z.guid(),
    current_plan: planRef.extend({ is_available: z.boolean() }),
    new_plan: planRef,
    /** Cheaper: DOWNGRADE; dearer: UPGRADE; the same price: SAME_PRICE. */
    direction: z.enum(['UPGRADE', 'DOWNGRADE', 'SAME_PRICE']),
    /** The times this change may take: a downgrade waits for the renewal. */
    available_times: z.array(z.enum(PLAN_CHANGE_TIMES)),
    when: z.enum(PLAN_CHANGE_TIMES),
    currency: currencyEnum,
    renewal_date: iso.nullable(),
    /** The prorated amount invoiced now (0 when the change waits for the renewal). */
    due_today: cents,
    whole_months: z.number().int(),
    remaining_days: z.number().int(),
    charged_days: z.number().int(),
    /** The monthly cost from the renewal on. */
    new_monthly_cost: cents,
    /** Spec part 3, 8 "Warnings": what the new plan reduces; the current plan no longer exists. */
    warnings: z.array(z.string()),
  })
  .meta({ id: 'PlanChangePreview' });
export type PlanChangePreview = z.infer<typeof planChangePreview>;

export const previewPlanChangeOp = defineOperation({
  ...hostingOrderRoutes.modifyPreview,
  area: 'hosting',
  summary: "What a shared hosting account's plan change would cost and warn about, committing nothing",
  query: planChangePreviewQuery,
  answer: planChangePreview,
  scopes: ['can_view_hosting_accounts', 'can_edit_hosting_accounts'],
});

/**
 * Changes a shared hosting account's plan (spec part 3, 4): NOW makes a PLAN_CHANGE invoice of
 * the prorated 'Due today' (answers invoice_id; paying it switches the plan), RENEWAL schedules
 * the plan for the renewal date (upgrade_pending).
 */
export const modifyHostingPlanOp = defineOperation({
  ...hostingOrderRoutes.modify,
  area: 'hosting',
  summary: "Changes a shared hosting account's plan: a prorated invoice now, or scheduled for the renewal",
  body: planChangeSchema,
  answer: z.object({ message: z.string(), invoice_id: z.number().int().nullable(), when: z.enum(PLAN_CHANGE_TIMES), upgrade_pending: z.boolean() }).meta({ id: 'PlanChangeDone' }),
  scopes: ['can_view_hosting_accounts', 'can_edit_hosting_accounts'],
  // A double click makes one invoice.
  idempotent: true,
});

/** Withdraws a scheduled plan change (spec part 3, 4: "upgrade_pending means a downgrade is scheduled and can be cancelled"). */
export const cancelDowngradeOp = defineOperation({
  ...hostingOrderRoutes.cancelDowngrade,
  area: 'hosting',
  summary: "Cancels a hosting account's scheduled downgrade",
  params: z.object({ guid: guidParam }),
  answer: messageAnswer,
  scopes: ['can_view_hosting_accounts', 'can_edit_hosting_accounts'],
  notFound: HOSTING_ACCOUNT_NOT_FOUND,
});
