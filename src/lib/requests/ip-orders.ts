import type { Api } from '../api/client';
import { call, withIdempotencyKey } from '../api/send';
import type { createIpOrderOp, ipMarketplaceOp, ipOrderOptionsOp } from '../api/ip-orders';
import type { IpOrderInput, MarketplaceQuery, OrderOptionsQuery } from '../schemas/ip-orders';

/** Where each call of ordering IP addresses lives: written once here, spread into its definition in ../api/ip-orders.ts. */
export const ipOrderRoutes = {
  marketplace: { id: 'ip.marketplace.list', method: 'get', path: '/ip_addresses/marketplace/' },
  options: { id: 'billing.ip_orders.options', method: 'get', path: '/billing/orders/ip_addresses/options/' },
  create: { id: 'billing.ip_orders.create', method: 'post', path: '/billing/orders/ip_addresses/create/' },
} as const;

export const ipMarketplace = (api: Api, query: MarketplaceQuery = {}) => call<typeof ipMarketplaceOp>(api, ipOrderRoutes.marketplace, { query });
/** The billing cycles and options; with `coupon`, its terms too (400 with the coupon's sentence when it is not valid). */
export const ipOrderOptions = (api: Api, query: OrderOptionsQuery = {}) => call<typeof ipOrderOptionsOp>(api, ipOrderRoutes.options, { query });
/** Places the order; one `idempotencyKey` per submission, so a double click or a retry makes one order. */
export const createIpOrder = (api: Api, body: IpOrderInput, idempotencyKey?: string) =>
  call<typeof createIpOrderOp>(api, ipOrderRoutes.create, { body }, withIdempotencyKey(idempotencyKey));
