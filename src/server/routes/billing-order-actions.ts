import { cancelOrderOp, extendOrderOp, extensionOptionsOp } from '../../lib/api/order-actions';
import { ORDER_CANCELLATION_SUBMITTED, ORDER_EXTENSION_INVOICED } from '../../lib/schemas/order-actions';
import { cancelOrder } from '../billing/order-cancellation';
import { extensionOptions, invoiceExtension } from '../billing/order-extension';
import { implement } from '../http/operation';

/** The order page's Cancel and Extend (spec part 3, 2.6). */
export const billingOrderActionOperations = [
  implement(cancelOrderOp, async (c, { params, body }) => {
    const made = await cancelOrder(c, params.id, body);
    return { message: ORDER_CANCELLATION_SUBMITTED, guid: made.guid, status: made.status, date_effective: made.effective.toISOString() };
  }),

  implement(extensionOptionsOp, async (c, { params }) => extensionOptions(c.var.deps.db, c.var.company.guid, params.id)),

  implement(extendOrderOp, async (c, { params, body }) =>
    invoiceExtension(c, params.id, body.period, (invoiceId) => ({ message: ORDER_EXTENSION_INVOICED, invoice_id: invoiceId })),
  ),
];
