import type { Api } from '../api/client';
import { call, withIdempotencyKey } from '../api/send';
import type { cancelOrderOp, extendOrderOp, extensionOptionsOp } from '../api/order-actions';
import type { ExtendOrder, OrderCancellation } from '../schemas/order-actions';

/** Where an order's cancel and extend calls live: written once here, spread into their definitions in ../api/order-actions.ts. */
export const orderActionRoutes = {
  cancel: { id: 'billing.orders.cancel', method: 'post', path: '/billing/orders/{id}/cancel/' },
  extensionOptions: { id: 'billing.orders.extend.options', method: 'get', path: '/billing/orders/{id}/extend/options/' },
  extend: { id: 'billing.orders.extend', method: 'post', path: '/billing/orders/{id}/extend/' },
} as const;

export const cancelOrder = (api: Api, id: number, body: OrderCancellation) => call<typeof cancelOrderOp>(api, orderActionRoutes.cancel, { params: { id: String(id) }, body });
export const extensionOptions = (api: Api, id: number) => call<typeof extensionOptionsOp>(api, orderActionRoutes.extensionOptions, { params: { id: String(id) } });
/** Raises the extension's invoice; the same key for a double click or a retry makes one invoice. */
export const extendOrder = (api: Api, id: number, body: ExtendOrder, idempotencyKey?: string) =>
  call<typeof extendOrderOp>(api, orderActionRoutes.extend, { params: { id: String(id) }, body }, withIdempotencyKey(idempotencyKey));
