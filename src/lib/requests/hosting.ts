import type { Api } from '../api/client';
import { call, withIdempotencyKey } from '../api/send';
import type {
  cancelDowngradeOp,
  createSharedHostingOrderOp,
  listHostingLocationsOp,
  listHostingPlansOp,
  modifyHostingPlanOp,
  previewPlanChangeOp,
  sharedHostingOptionsOp,
} from '../api/hosting';
import type { PlanChangeInput, PlanChangePreviewQuery, SharedHostingOptionsQuery, SharedHostingOrderInput } from '../schemas/hosting-orders';
import type {
  changeCpanelPasswordOp,
  createCustomHostOp,
  deleteHostingAccountOp,
  getHostingAccountOp,
  hostingCpanelLoginOp,
  listHostingAccountDomainsOp,
  listHostingAccountsOp,
  revealCpanelPasswordOp,
  updateHostingAccountOp,
} from '../api/hosting';
import type { CpanelChangeInput, CpanelRevealInput, CustomHostInput, HostingAccountPatch } from '../schemas/hosting-accounts';

/** Where each call of this area lives: written once here, spread into its definition in ../api/hosting.ts. */
export const hostingRoutes = {
  listHostingAccounts: { id: 'hosting.accounts.list', method: 'get', path: '/hosting/accounts/' },
  getHostingAccount: { id: 'hosting.accounts.get', method: 'get', path: '/hosting/accounts/{guid}/' },
  updateHostingAccount: { id: 'hosting.accounts.update', method: 'patch', path: '/hosting/accounts/{guid}/' },
  deleteHostingAccount: { id: 'hosting.accounts.delete', method: 'delete', path: '/hosting/accounts/{guid}/' },
  listHostingAccountDomains: { id: 'hosting.accounts.domains.list', method: 'get', path: '/hosting/accounts/{guid}/domains/' },
  revealCpanelPassword: { id: 'hosting.shared_hosting.password.reveal', method: 'post', path: '/hosting/shared_hosting/{guid}/password/' },
  changeCpanelPassword: { id: 'hosting.shared_hosting.password.change', method: 'post', path: '/hosting/shared_hosting/{guid}/change_password/' },
  cpanelLogin: { id: 'hosting.shared_hosting.cpanel_login', method: 'get', path: '/hosting/shared_hosting/{guid}/cpanel/login/' },
  createCustomHost: { id: 'hosting.custom_hosts.create', method: 'post', path: '/hosting/custom-hosts/' },
} as const;

export const listHostingAccounts = (api: Api, query: { page?: number; per_page?: number } = {}) =>
  call<typeof listHostingAccountsOp>(api, hostingRoutes.listHostingAccounts, { query });

/* The hosting account page and the Own Server tab (spec part 3, 2.8). */
export const getHostingAccount = (api: Api, guid: string) => call<typeof getHostingAccountOp>(api, hostingRoutes.getHostingAccount, { params: { guid } });
export const updateHostingAccount = (api: Api, guid: string, body: HostingAccountPatch) =>
  call<typeof updateHostingAccountOp>(api, hostingRoutes.updateHostingAccount, { params: { guid }, body });
export const deleteHostingAccount = (api: Api, guid: string) => call<typeof deleteHostingAccountOp>(api, hostingRoutes.deleteHostingAccount, { params: { guid } });
export const listHostingAccountDomains = (api: Api, guid: string, query: { page?: number; per_page?: number } = {}) =>
  call<typeof listHostingAccountDomainsOp>(api, hostingRoutes.listHostingAccountDomains, { params: { guid }, query });
export const revealCpanelPassword = (api: Api, guid: string, body: CpanelRevealInput) =>
  call<typeof revealCpanelPasswordOp>(api, hostingRoutes.revealCpanelPassword, { params: { guid }, body });
export const changeCpanelPassword = (api: Api, guid: string, body: CpanelChangeInput) =>
  call<typeof changeCpanelPasswordOp>(api, hostingRoutes.changeCpanelPassword, { params: { guid }, body });
export const hostingCpanelLogin = (api: Api, guid: string) => call<typeof hostingCpanelLoginOp>(api, hostingRoutes.cpanelLogin, { params: { guid } });
export const createCustomHost = (api: Api, body: CustomHostInput) => call<typeof createCustomHostOp>(api, hostingRoutes.createCustomHost, { body });

/* Shared hosting orders and plan changes (spec part 3, 7 "Hosting and plans"). */
export const hostingOrderRoutes = {
  plans: { id: 'billing.shared_hosting.plans', method: 'get', path: '/billing/shared-hosting/plans/' },
  locations: { id: 'billing.shared_hosting.locations', method: 'get', path: '/billing/shared-hosting/locations/' },
  options: { id: 'billing.shared_hosting_orders.options', method: 'get', path: '/billing/orders/shared_hosting/options/' },
  create: { id: 'billing.shared_hosting_orders.create', method: 'post', path: '/billing/orders/shared_hosting/create/' },
  modify: { id: 'billing.shared_hosting.modify', method: 'post', path: '/billing/shared-hosting/modify/' },
  modifyPreview: { id: 'billing.shared_hosting.modify.preview', method: 'get', path: '/billing/shared-hosting/modify/preview/' },
  cancelDowngrade: { id: 'hosting.accounts.cancel_downgrade', method: 'delete', path: '/hosting/accounts/{guid}/cancel-downgrade/' },
} as const;

export const listHostingPlans = (api: Api) => call<typeof listHostingPlansOp>(api, hostingOrderRoutes.plans, {});
export const listHostingLocations = (api: Api) => call<typeof listHostingLocationsOp>(api, hostingOrderRoutes.locations, {});
/** The billing cycles; with `coupon`, its terms too (400 with the coupon's sentence when it is not valid). */
export const sharedHostingOptions = (api: Api, query: SharedHostingOptionsQuery = {}) => call<typeof sharedHostingOptionsOp>(api, hostingOrderRoutes.options, { query });
/** Places the order; one `idempotencyKey` per submission, so a double click or a retry makes one order. */
export const createSharedHostingOrder = (api: Api, body: SharedHostingOrderInput, idempotencyKey?: string) =>
  call<typeof createSharedHostingOrderOp>(api, hostingOrderRoutes.create, { body }, withIdempotencyKey(idempotencyKey));
export const previewPlanChange = (api: Api, query: PlanChangePreviewQuery) => call<typeof previewPlanChangeOp>(api, hostingOrderRoutes.modifyPreview, { query });
export const modifyHostingPlan = (api: Api, body: PlanChangeInput, idempotencyKey?: string) =>
  call<typeof modifyHostingPlanOp>(api, hostingOrderRoutes.modify, { body }, withIdempotencyKey(idempotencyKey));
export const cancelDowngrade = (api: Api, guid: string) => call<typeof cancelDowngradeOp>(api, hostingOrderRoutes.cancelDowngrade, { params: { guid } });
