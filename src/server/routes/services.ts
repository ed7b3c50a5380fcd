import { createWebsiteSetupOrderOp, supportPageOp } from '../../lib/api/services';
import { WEBSITE_ORDER_CREATED } from '../../lib/schemas/services';
import { implement } from '../http/operation';
import { supportPageOf } from '../services/support-contacts';
import { orderWebsiteSetup } from '../services/website-orders';

/** The services page's website order and the support page (spec part 3, 2.11, 2.12, 7 "Services and search"). */
export const serviceOperations = [
  implement(createWebsiteSetupOrderOp, async (c, { body }) =>
    orderWebsiteSetup(c, body, ({ orderId, invoiceId }) => ({ message: WEBSITE_ORDER_CREATED, invoice_id: invoiceId, order_id: orderId })),
  ),

  implement(supportPageOp, async (c) => supportPageOf(c.var.deps.db, c.var.company.guid)),
];
