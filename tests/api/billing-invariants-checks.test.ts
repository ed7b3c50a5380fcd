import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { billingViolations, moneyNotInCents, type InvariantScope } from '../../src/server/billing/invariants';
import type { Database, Db } from '../../src/server/db/connection';
import {
  cancellationRequests,
  gatewaySessions,
  hostingAccounts,
  invoiceItems,
  invoices,
  ipAddresses,
  orders,
  transactionInvoices,
  transactions,
} from '../../src/server/db/schema/index';
import { createSeededTestDatabase } from './helpers/db';

/**
 * Each billing invariant (src/server/billing/invariants.ts) can fail: a row of the seeded
 * database is made wrong in a transaction that is then rolled back, and the check names it.
 * The property tests beside it (billing-invariants.test.ts) rely on the checks saying so.
 */

let database: Database;
const DAY = 86_400_000;
const now = () => new Date();

beforeAll(async () => {
  database = await createSeededTestDatabase();
});
afterAll(() => database.close());

class Rollback extends Error {}

/** The violations once `corrupt` has run, in a transaction that leaves nothing behind. */
async function violationsAfter(corrupt: (tx: Db) => Promise<unknown>, scope: Partial<InvariantScope> = {}): Promise<string[]> {
  let found: string[] = [];
  await database.db
    .transaction(async (tx) => {
      await corrupt(tx);
      found = await billingViolations(tx, { now: now(), ...scope });
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return found;
}

type InvoiceRow = typeof invoices.$inferSelect;
const firstInvoice = async (where: SQL | undefined): Promise<InvoiceRow> => (await database.db.select().from(invoices).where(where).orderBy(asc(invoices.id)).limit(1))[0]!;
const paidRenewal = () => firstInvoice(and(eq(invoices.purpose, 'RENEWAL'), eq(invoices.status, 'PAID'), isNotNull(invoices.orderId)));
/** A copy of an invoice's row, as a second one. */
const copyOf = ({ id: _id, ...row }: InvoiceRow) => row;

it('the seeded database holds every invariant', async () => {
  expect(await billingViolations(database.db, { now: now() })).toEqual([]);
  expect(await billingViolations(database.db, { now: now(), afterRun: false })).toEqual([]);
});

describe('at most one invoice per order and period', () => {
  it('names a second renewal for the same period', async () => {
    const renewal = await paidRenewal();
    const found = await violationsAfter((tx) =>
      tx.insert(invoices).values({ ...copyOf(renewal), status: 'UNPAID', paymentMadeCents: 0, balanceDueCents: renewal.totalAmountCents }),
    );
    expect(found.join('\n')).toContain(`Order #${renewal.orderId} has two invoices for the period from ${String(renewal.onPaid!.period_start)}: #${renewal.id} and #`);
  });

  it('names renewals whose periods overlap, and a renewal with no period', async () => {
    const renewal = await paidRenewal();
    const start = new Date(Date.parse(String(renewal.onPaid!.period_start)) + DAY).toISOString();
    const overlapping = {
      ...copyOf(renewal),
      status: 'UNPAID',
      paymentMadeCents: 0,
      balanceDueCents: renewal.totalAmountCents,
      onPaid: { ...renewal.onPaid, period_start: start },
    };
    expect((await violationsAfter((tx) => tx.insert(invoices).values(overlapping))).join('\n')).toMatch(
      new RegExp(`Order #${renewal.orderId}'s renewal invoice #${renewal.id} \\(to .+\\) and renewal invoice #\\d+ \\(from ${start}\\) bill the same days\\.`),
    );
    expect(await violationsAfter((tx) => tx.update(invoices).set({ onPaid: null }).where(eq(invoices.id, renewal.id)))).toContain(
      `The renewal invoice #${renewal.id} of order #${renewal.orderId} names no period.`,
    );
  });

  it('names a second first invoice of an order', async () => {
    const first = await firstInvoice(and(eq(invoices.purpose, 'NEW_ORDER'), eq(invoices.status, 'PAID'), isNotNull(invoices.orderId)));
    const found = await violationsAfter((tx) => tx.insert(invoices).values(copyOf(first)));
    expect(found.join('\n')).toContain(`Order #${first.orderId} has 2 first invoices: #${first.id}, #`);
  });
});

describe('every charge belongs to an invoice', () => {
  it('names a charge of no invoice, and one shared out wrong', async () => {
    const [link] = await database.db.select().from(transactionInvoices).limit(1);
    const [charge] = await database.db.select().from(transactions).where(eq(transactions.guid, link!.transactionGuid));
    const orphan = await violationsAfter((tx) =>
      tx.insert(transactions).values({ companyGuid: charge!.companyGuid, amountCents: 1234, currency: 'USD', paymentMethodType: 'CARD', transactionId: 'ch_orphan' }),
    );
    expect(orphan).toContain('The charge ch_orphan of 12.34 USD belongs to no invoice.');
    const short = await violationsAfter((tx) =>
      tx
        .update(transactionInvoices)
        .set({ amountCents: link!.amountCents - 1 })
        .where(eq(transactionInvoices.transactionGuid, link!.transactionGuid)),
    );
    expect(short.join('\n')).toContain(`The charge ${charge!.transactionId} of `);
    expect(short.join('\n')).toContain('is shared out as');
  });

  it('names a gateway approval with no charge behind it', async () => {
    const unpaid = await firstInvoice(eq(invoices.status, 'UNPAID'));
    const found = await violationsAfter((tx) =>
      tx.insert(gatewaySessions).values({
        companyGuid: unpaid.companyGuid,
        kind: 'PAYMENT',
        invoiceId: unpaid.id,
        paymentMethodType: 'CARD',
        amountCents: unpaid.balanceDueCents,
        status: 'APPROVED',
        dateCreated: new Date(Date.now() - DAY),
      }),
    );
    expect(found).toContain(`Invoice #${unpaid.id}: 1 payment(s) were approved at the gateway, but 0 transaction(s) were charged for it.`);
  });
});

describe("an invoice's total is the sum of its lines, its paid amount the sum of its transactions", () => {
  it('names a line that is not quantity x rate, and a sub-total that is not the sum of the lines', async () => {
    const renewal = await paidRenewal();
    const [line] = await database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, renewal.id)).limit(1);
    const found = await violationsAfter((tx) =>
      tx
        .update(invoiceItems)
        .set({ subTotalCents: line!.subTotalCents + 1 })
        .where(eq(invoiceItems.guid, line!.guid)),
    );
    expect(found.join('\n')).toContain(`Invoice #${renewal.id}: the line '${line!.description}' is ${line!.quantity} x`);
    expect(found.join('\n')).toContain(`Invoice #${renewal.id}: its sub-total`);
  });

  it('names a total, a tax or a discount that do not follow from the lines', async () => {
    const renewal = await paidRenewal();
    const total = await violationsAfter((tx) =>
      tx
        .update(invoices)
        .set({ totalAmountCents: renewal.totalAmountCents + 100, balanceDueCents: 100 })
        .where(eq(invoices.id, renewal.id)),
    );
    expect(total.join('\n')).toContain(`Invoice #${renewal.id}: its total`);
    const tax = await violationsAfter((tx) => tx.update(invoices).set({ taxRate: 21 }).where(eq(invoices.id, renewal.id)));
    expect(tax.join('\n')).toContain(`Invoice #${renewal.id}: its tax 0.00 ${renewal.currency} is not 21% of`);
    const discount = await violationsAfter((tx) =>
      tx
        .update(invoices)
        .set({ discountAmountCents: renewal.subTotalCents + 1 })
        .where(eq(invoices.id, renewal.id)),
    );
    expect(discount.join('\n')).toContain(`Invoice #${renewal.id}: its discount`);
  });

  it('names a paid amount its transactions do not add up to, a balance and a status that do not follow', async () => {
    const renewal = await paidRenewal();
    const paid = await violationsAfter((tx) =>
      tx
        .update(invoices)
        .set({ paymentMadeCents: renewal.paymentMadeCents - 1, balanceDueCents: 1 })
        .where(eq(invoices.id, renewal.id)),
    );
    expect(paid.join('\n')).toContain(`Invoice #${renewal.id}: `);
    expect(paid.join('\n')).toContain('is recorded as paid, but its transactions add up to');
    expect(paid.join('\n')).toContain(`Invoice #${renewal.id} is PAID, but`);
    const balance = await violationsAfter((tx) => tx.update(invoices).set({ balanceDueCents: 5 }).where(eq(invoices.id, renewal.id)));
    expect(balance.join('\n')).toContain(`Invoice #${renewal.id}: its balance due 0.05`);
  });
});

describe('an order is suspended only for an owed invoice', () => {
  it('names a suspended order that owes nothing overdue', async () => {
    const [running] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'ACTIVE'), sql`not exists (select 1 from invoices i where i.order_id = "orders"."id" and i.status in ('UNPAID', 'PARTIALLY_PAID'))`))
      .limit(1);
    const found = await violationsAfter((tx) => tx.update(orders).set({ status: 'SUSPENDED', dateSuspended: now() }).where(eq(orders.id, running!.id)));
    expect(found).toContain(`Order #${running!.id} is SUSPENDED, but it owes no NEW_ORDER, RENEWAL, WEBSITE_SETUP invoice past its grace period.`);
  });

  it('names, after a run, a running order that owes an invoice past its grace period', async () => {
    const renewal = await paidRenewal();
    const overdue = async (tx: Db) => {
      await tx.update(orders).set({ status: 'ACTIVE' }).where(eq(orders.id, renewal.orderId!));
      await tx.insert(invoices).values({
        ...copyOf(renewal),
        status: 'UNPAID',
        paymentMadeCents: 0,
        balanceDueCents: renewal.totalAmountCents,
        datePaid: null,
        purpose: 'WEBSITE_SETUP',
        onPaid: null,
        dateDue: new Date(Date.now() - 8 * DAY),
      });
    };
    const sentence = `Order #${renewal.orderId} is still ACTIVE after the billing run, though it owes an invoice past its grace period.`;
    expect(await violationsAfter(overdue, { afterRun: true })).toContain(sentence);
    expect(await violationsAfter(overdue)).not.toContain(sentence);
  });
});

describe('nothing is renewed after a cancellation takes effect', () => {
  it('names a renewal for a period from the date an order is cancelled', async () => {
    const renewal = await paidRenewal();
    const found = await violationsAfter((tx) =>
      tx.insert(cancellationRequests).values({
        companyGuid: renewal.companyGuid,
        orderId: renewal.orderId,
        cancellationReason: 'PROJECT_ENDED',
        dateEffective: new Date(Date.parse(String(renewal.onPaid!.period_start)) - DAY),
      }),
    );
    expect(found.join('\n')).toContain(`but its renewal invoice #${renewal.id} (PAID) bills the period from ${String(renewal.onPaid!.period_start)}.`);
  });

  it('names an ended order with a renewal date, a running address, a live hosting account or an invoice still owed', async () => {
    const [address] = await database.db
      .select()
      .from(ipAddresses)
      .where(and(eq(ipAddresses.status, 'ACTIVE'), isNotNull(ipAddresses.orderId)))
      .limit(1);
    const order = address!.orderId!;
    const ended = (tx: Db) =>
      tx
        .update(orders)
        .set({ status: 'CANCELLED', dateCancelled: new Date(Date.now() - DAY) })
        .where(eq(orders.id, order));
    const found = await violationsAfter(async (tx) => {
      await ended(tx);
      await tx
        .update(orders)
        .set({ dateNextInvoice: new Date('2031-01-01T00:00:00Z') })
        .where(eq(orders.id, order));
    });
    expect(found).toContain(`Order #${order} is CANCELLED, yet its next invoice is dated 2031-01-01.`);
    expect(found).toContain(`Order #${order} is CANCELLED, yet its address ${address!.ipAddress} is ACTIVE.`);

    const [account] = await database.db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.status, 'ACTIVE'), isNotNull(hostingAccounts.orderId)))
      .limit(1);
    const hosting = await violationsAfter((tx) =>
      tx.update(orders).set({ status: 'CANCELLED', dateCancelled: now(), dateNextInvoice: null }).where(eq(orders.id, account!.orderId!)),
    );
    expect(hosting).toContain(`Order #${account!.orderId} is CANCELLED, yet its hosting account ${account!.name} is ACTIVE.`);

    const pending = await firstInvoice(and(eq(invoices.purpose, 'NEW_ORDER'), eq(invoices.status, 'UNPAID'), isNotNull(invoices.orderId)));
    const owed = await violationsAfter((tx) => tx.update(orders).set({ status: 'CANCELLED', dateCancelled: now() }).where(eq(orders.id, pending.orderId!)));
    expect(owed).toContain(`Order #${pending.orderId} is CANCELLED, yet it still asks to be paid for what it never gives: #${pending.id} (NEW_ORDER, UNPAID).`);
  });
});

describe('money in integer cents', () => {
  it('names an amount below zero in a row', async () => {
    const renewal = await paidRenewal();
    const found = await violationsAfter((tx) =>
      tx
        .update(invoices)
        .set({ discountAmountCents: -1, initialAmountCents: renewal.subTotalCents + 1 })
        .where(eq(invoices.id, renewal.id)),
    );
    expect(found).toContain(`Invoice #${renewal.id}: discount_amount is -1, not a whole number of cents of at least 0.`);
  });

  it('names a money field of an answer that is not a whole number of cents, wherever it is', () => {
    expect(moneyNotInCents({ data: [{ total_amount: 1250, items: [{ rate: 12.5, quantity: 1 }], tax_rate: 21.5, monthly_cost: { amount: 3, currency: 'USD' } }] })).toEqual([
      '$.data[0].items[0].rate is 12.5, not a whole number of cents.',
    ]);
    expect(moneyNotInCents({ balance_due: 0.1, eur_per_usd: 0.92, discount: 5 })).toEqual(['$.balance_due is 0.1, not a whole number of cents.']);
  });
});
