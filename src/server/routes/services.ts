import { createWebsiteSetupOrderOp, supportPageOp } from '../../lib/api/services';
import { PROVIDER_TAX_RATE, WEBSITE_SETUP_MONTHS, priceWebsiteSetup } from '../../lib/billing';
import { WEBSITE_ORDER_CREATED } from '../../lib/schemas/services';
import { issueInvoice, storedEurPerUsd } from '../billing/issue-invoice';
import { orders, websiteSetupOrders } from '../db/schema/index';
import { companyCurrency } from '../billing/coupons';
import { answerWithWork } from '../http/idempotency';
import { implement } from '../http/operation';
import { supportPageOf } from '../services/support-contacts';

/** The services page's website order and the support page (spec part 3, 2.11, 2.12, 7 "Services and search"). */
export const serviceOperations = [
  implement(createWebsiteSetupOrderOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const today = now();
    const [currency, rate] = await Promise.all([companyCurrency(db, company.guid), storedEurPerUsd(db)]);
    const setup = {
      websiteCount: body.website_count,
      contentCount: body.content_count,
      premiumTheme: body.premium_theme,
      managedHosting: body.managed_hosting,
      whiteGloveDomainPicking: body.white_glove_domain_picking,
    };
    const priced = priceWebsiteSetup(setup, { currency, taxRate: PROVIDER_TAX_RATE, ...(rate !== null ? { eurPerUsd: rate } : {}) });
    const created = await db.transaction(async (tx) => {
      // A one-off order: no renewal date, so the billing run never renews it.
      const [order] = await tx
        .insert(orders)
        .values({
          companyGuid: company.guid,
          orderType: 'WEBSITE_SETUP',
          status: 'PENDING',
          billingCycle: 'ANNUALLY',
          billingCycleMonths: WEBSITE_SETUP_MONTHS,
          monthlyCostCents: 0,
          currency,
          data: { website_count: setup.websiteCount, content_count: setup.contentCount, premium_theme: setup.premiumTheme, managed_hosting: setup.managedHosting, white_glove_domain_picking: setup.whiteGloveDomainPicking },
          createdBy: c.var.viewer.userGuid,
          dateCreated: today,
        })
        .returning({ id: orders.id });
      await tx.insert(websiteSetupOrders).values({ companyGuid: company.guid, orderId: order!.id, ...setup, dateCreated: today });
      const invoice = await issueInvoice(tx, {
        companyGuid: company.guid,
        orderId: order!.id,
        priced,
        purpose: 'WEBSITE_SETUP',
        onPaid: { action: 'START_WEBSITE_SETUP', order_id: order!.id },
        person: c.var.viewer,
        issued: today,
      });
      // Kept with the order under an Idempotency-Key: a retry after a crash answers this order.
      return answerWithWork(c, tx, { message: WEBSITE_ORDER_CREATED, invoice_id: invoice, order_id: order!.id });
    });
    return created;
  }),

  implement(supportPageOp, async (c) => supportPageOf(c.var.deps.db, c.var.company.guid)),
];
