import type { Context } from 'hono';
import type { ParsedInput } from '../../lib/api/define';
import type { createWebsiteSetupOrderOp } from '../../lib/api/services';
import { PROVIDER_TAX_RATE, WEBSITE_SETUP_MONTHS, priceWebsiteSetup } from '../../lib/billing';
import type { AppEnv } from '../context';
import { orders, websiteSetupOrders } from '../db/schema/index';
import { companyCurrency } from '../billing/coupons';
import { issueInvoice, storedEurPerUsd } from '../billing/issue-invoice';
import { answerWithWork } from '../http/idempotency';

/** The services page's website order (spec part 3, 2.11 and 7 "Services and search"). */

type WebsiteSetup = ParsedInput<typeof createWebsiteSetupOrderOp>['body'];

export interface WebsiteOrderPlaced {
  orderId: number;
  invoiceId: number;
}

/**
 * A one-off WEBSITE_SETUP order and its invoice, priced in the company's currency. `answer` makes
 * the call's answer, kept with the order under an Idempotency-Key: a retry after a crash answers
 * this order, not a second one.
 */
export async function orderWebsiteSetup<T>(c: Context<AppEnv>, body: WebsiteSetup, answer: (placed: WebsiteOrderPlaced) => T): Promise<T> {
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
  return db.transaction(async (tx) => {
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
        data: {
          website_count: setup.websiteCount,
          content_count: setup.contentCount,
          premium_theme: setup.premiumTheme,
          managed_hosting: setup.managedHosting,
          white_glove_domain_picking: setup.whiteGloveDomainPicking,
        },
        createdBy: c.var.viewer.userGuid,
        dateCreated: today,
      })
      .returning({ id: orders.id });
    await tx.insert(websiteSetupOrders).values({ companyGuid: company.guid, orderId: order!.id, ...setup, dateCreated: today });
    const invoiceId = await issueInvoice(tx, {
      companyGuid: company.guid,
      orderId: order!.id,
      priced,
      purpose: 'WEBSITE_SETUP',
      onPaid: { action: 'START_WEBSITE_SETUP', order_id: order!.id },
      person: c.var.viewer,
      issued: today,
    });
    return answerWithWork(c, tx, answer({ orderId: order!.id, invoiceId }));
  });
}
