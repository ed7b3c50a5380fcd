import { z } from 'zod';
import { orderActionRoutes } from '../requests/order-actions';
import { BILLING_SCOPES } from '../rules/billing-tabs';
import { extendOrderSchema, orderCancellationSchema } from '../schemas/order-actions';
import { ORDER_NOT_FOUND, documentIdParams } from './billing';
import { defineOperation } from './define';

/**
 * An order's cancel and extend (spec part 3, 2.6, 3 "Extension options", 4 "Orders", 7 "Billing").
 * A cancellation is a cancellation request for the whole order, carried out at the end of the
 * billing cycle (or now); an extension is an invoice that, once paid, moves the renewal date.
 */
const area = 'billing';
const iso = z.iso.datetime();

/** Spec part 3, 6: can_add_cancellation_requests cancels IP addresses and orders. */
const cancelScopes = [...BILLING_SCOPES.orders, 'can_add_cancellation_requests'] as const;

export const cancelOrderOp = defineOperation({
  ...orderActionRoutes.cancel,
  area,
  summary: 'Requests the cancellation of a whole order (an unpaid one is cancelled at once)',
  params: documentIdParams,
  body: orderCancellationSchema,
  answer: z.object({ message: z.string(), guid: z.guid(), status: z.enum(['PENDING', 'PROCESSED']), date_effective: iso }).meta({ id: 'OrderCancellation' }),
  status: 201,
  scopes: cancelScopes,
  notFound: ORDER_NOT_FOUND,
});

export const extensionOptions = z
  .object({
    current_renewal_date: iso,
    available_periods: z.array(
      z.object({
        /** Months. */
        value: z.number().int(),
        next_renewal_date: iso,
        /** Percent off, 0 for none ('N% off'). */
        discount: z.number().int(),
        /** What the extension costs, cents of `currency`, by the one pricing module. */
        total_amount: z.number().int(),
      }),
    ),
    currency: z.string(),
  })
  .meta({ id: 'ExtensionOptions' });
export type ExtensionOptions = z.infer<typeof extensionOptions>;

export const extensionOptionsOp = defineOperation({
  ...orderActionRoutes.extensionOptions,
  area,
  summary: 'The periods an active order can be extended by, with the renewal date and price of each',
  params: documentIdParams,
  answer: extensionOptions,
  scopes: BILLING_SCOPES.orders,
  notFound: ORDER_NOT_FOUND,
});

export const extendOrderOp = defineOperation({
  ...orderActionRoutes.extend,
  area,
  summary: 'Extends an active order: an EXTENSION invoice that moves the renewal date once paid (answers invoice_id)',
  params: documentIdParams,
  body: extendOrderSchema,
  answer: z.object({ message: z.string(), invoice_id: z.number().int() }).meta({ id: 'OrderExtension' }),
  status: 201,
  scopes: BILLING_SCOPES.editOrders,
  notFound: ORDER_NOT_FOUND,
  idempotent: true,
});
