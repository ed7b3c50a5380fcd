import { creditNoteItems, creditNotes, creditTransactions, paymentMethods, refunds, transactions, websiteSetupOrders } from '../db/schema/index';
import type { SeedContext } from './context';
import { billedPartyOf, createInvoice, createOrder, type BillTo } from './ledger';

export async function seedPaymentMethods(ctx: SeedContext, companyGuid: string, holder: string) {
  const [card, paypal] = await ctx.db
    .insert(paymentMethods)
    .values([
      {
        companyGuid,
        methodType: 'CARD',
        name: 'Company Visa',
        details: 'Visa ending in 4242, expires 08/2029',
        status: 'ACTIVE',
        cardBrand: 'VISA',
        cardLast4: '4242',
        cardExpMonth: 8,
        cardExpYear: 2029,
        billingDetails: { name: holder, address: 'Narva mnt 7', city: 'Tallinn', region: 'Harju County', country: 'EE', postal_code: '10117' },
        gatewayReference: 'pm_sandbox_visa_4242',
        dateVerified: ctx.ago(400),
        dateCreated: ctx.ago(400),
      },
      {
        companyGuid,
        methodType: 'PAYPAL',
        name: 'PayPal (finance)',
        details: 'billing@northwind-agency.test',
        status: 'DISABLED',
        paypalEmail: 'billing@northwind-agency.test',
        gatewayReference: 'ba_sandbox_paypal_1',
        dateVerified: ctx.ago(300),
        dateCreated: ctx.ago(300),
      },
    ])
    .returning({ guid: paymentMethods.guid });
  return { card: card!.guid, paypal: paypal!.guid };
}

/** Orders whose stories differ from the rest: one awaiting payment, one cancelled, one done-for-you; a refund and a credit note. */
export async function seedBillingStories(ctx: SeedContext, bill: BillTo, ipGroupGuid: string) {
  const { db } = ctx;
  const pendingId = await createOrder(ctx, bill, {
    orderType: 'IP_ADDRESS_HOSTING',
    status: 'PENDING',
    billingCycle: 'ANNUALLY',
    billingCycleMonths: 12,
    monthlyCostCents: 10 * 350,
    ipGroupGuid,
    preferences: {
      ip_address_type: 'DEDICATED',
      ip_address_class_filter: 'C',
      locations: [{ location: 'de-fra', ip_address_count: 10, additional_site_count: 0 }],
    },
    dateCreated: ctx.ago(1),
  });
  await createInvoice(ctx, bill, {
    orderId: pendingId,
    status: 'UNPAID',
    created: ctx.ago(1),
    items: [{ description: 'Dedicated IP address hosting, Frankfurt, Germany', quantity: 10, rateCents: 350 * 12, periodStart: ctx.ago(1), periodEnd: ctx.ahead(364) }],
    discountPercent: 15,
  });

  const cancelledId = await createOrder(ctx, bill, {
    orderType: 'IP_ADDRESS_HOSTING',
    status: 'CANCELLED',
    billingCycle: 'MONTHLY',
    monthlyCostCents: 5 * 300,
    ipGroupGuid,
    preferences: { ip_address_type: 'DEDICATED', ip_address_class_filter: 'NONE', locations: [{ location: 'us-mia', ip_address_count: 5, additional_site_count: 0 }] },
    dateCreated: ctx.ago(200),
    dateCancelled: ctx.ago(190),
  });
  await createInvoice(ctx, bill, {
    orderId: cancelledId,
    status: 'CANCELLED',
    created: ctx.ago(200),
    items: [{ description: 'Dedicated IP address hosting, Miami, United States', quantity: 5, rateCents: 300 }],
    notes: 'Cancelled at the customer’s request before payment.',
  });

  const websiteId = await createOrder(ctx, bill, {
    orderType: 'WEBSITE_SETUP',
    status: 'ACTIVE',
    billingCycle: 'ANNUALLY',
    billingCycleMonths: 12,
    tags: ['pbn', 'q3'],
    dateCreated: ctx.ago(45),
    dateActivated: ctx.ago(44),
  });
  await db.insert(websiteSetupOrders).values({
    companyGuid: bill.companyGuid,
    orderId: websiteId,
    websiteCount: 3,
    contentCount: 30,
    premiumTheme: true,
    managedHosting: false,
    whiteGloveDomainPicking: false,
    status: 'IN_PROGRESS',
    dateCreated: ctx.ago(45),
  });
  const website = await createInvoice(ctx, bill, {
    orderId: websiteId,
    status: 'PAID',
    created: ctx.ago(45),
    purpose: 'WEBSITE_SETUP',
    items: [
      { description: 'Done-for-you website', quantity: 3, rateCents: 25000 },
      { description: 'Extra content: 15 more articles per website', quantity: 3, rateCents: 15000 },
      { description: 'Premium theme', quantity: 3, rateCents: 7500 },
    ],
    couponName: 'WELCOME10',
    discountPercent: 10,
  });

  // One premium theme could not be used, so its price went back to the card.
  const [refundTx] = await db
    .insert(transactions)
    .values({
      companyGuid: bill.companyGuid,
      kind: 'REFUND',
      amountCents: 6750,
      currency: bill.currency,
      paymentMethodType: 'CARD',
      paymentMethodGuid: bill.card ?? null,
      transactionId: 're_sandbox_3f9a1c7e2b',
      dateCreated: ctx.ago(20),
    })
    .returning({ guid: transactions.guid });
  await db.insert(refunds).values({
    companyGuid: bill.companyGuid,
    invoiceId: website.id,
    transactionGuid: refundTx!.guid,
    status: 'PROCESSED',
    reason: 'Premium theme not delivered for one website.',
    dateCreated: ctx.ago(20),
  });

  const [note] = await db
    .insert(creditNotes)
    .values({
      companyGuid: bill.companyGuid,
      invoiceId: website.id,
      ...billedPartyOf(bill),
      currency: bill.currency,
      initialBalanceCents: 1500,
      initialTaxCents: 0,
      balanceCents: 1000,
      customNotes: 'Goodwill credit for the delayed content delivery.',
      dateCreated: ctx.ago(18),
    })
    .returning({ id: creditNotes.id });
  await db.insert(creditNoteItems).values({
    creditNoteId: note!.id,
    description: `Goodwill credit\nDelayed content delivery on order #${websiteId}`,
    amountCents: 1500,
    currency: bill.currency,
  });
  await db.insert(creditTransactions).values([
    { creditNoteId: note!.id, action: 'ISSUED', amountCents: 1500, currency: bill.currency, dateCreated: ctx.ago(18) },
    { creditNoteId: note!.id, action: 'APPLIED', amountCents: 500, currency: bill.currency, dateCreated: ctx.ago(10) },
  ]);
}
