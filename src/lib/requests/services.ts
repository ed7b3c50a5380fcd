import type { Api } from '../api/client';
import { call, withIdempotencyKey } from '../api/send';
import type { createWebsiteSetupOrderOp, supportPageOp } from '../api/services';
import type { WebsiteSetupInput } from '../schemas/services';

/** Where the services and support pages' calls live: written once here, spread into their definitions in ../api/services.ts. */
export const serviceRoutes = {
  createWebsiteSetupOrder: { id: 'services.website_setup.create', method: 'post', path: '/billing/orders/website-setup/create/' },
  supportPage: { id: 'support.page.get', method: 'get', path: '/system/support/' },
} as const;

/** Places the done-for-you website order; one `idempotencyKey` per submission, so a double click makes one order. */
export const createWebsiteSetupOrder = (api: Api, body: WebsiteSetupInput, idempotencyKey?: string) =>
  call<typeof createWebsiteSetupOrderOp>(api, serviceRoutes.createWebsiteSetupOrder, { body }, withIdempotencyKey(idempotencyKey));
export const supportPage = (api: Api) => call<typeof supportPageOp>(api, serviceRoutes.supportPage, {});
