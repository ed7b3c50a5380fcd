import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { creditNotePdfOp, getCreditNoteOp, getInvoiceOp, invoicePdfOp, listCreditNotesOp, listInvoicesOp, listTransactionsOp } from '../../lib/api/billing';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { countRows, pageOfRows } from '../db/lists';
import { creditNotes, invoices, transactions } from '../db/schema/index';
import { implement } from '../http/operation';
import { invoiceSummaryOf, invoicesOfTransactions, loadCreditNote, loadInvoice } from '../billing/documents';
import { downloadAnswer } from '../http/download';
import { creditNotePdf, creditNotePdfName, invoicePdf, invoicePdfName } from '../billing/pdf';

/** A PDF download (spec part 3, 7: the file name from x-suggested-filename). */
const pdfAnswer = (body: Uint8Array<ArrayBuffer>, filename: string) => downloadAnswer(body, 'application/pdf', filename);

/** The company's rows, kept to the statuses asked for (all when none). */
const withStatus = (base: SQL, column: PgColumn, statuses: readonly string[] | undefined): SQL => (statuses?.length ? and(base, inArray(column, [...statuses]))! : base);

/** Billing > Invoices, Credit Notes and Transactions, the invoice and credit note pages and their PDFs (spec part 3, 2.4-2.7). */
export const billingDocumentOperations = [
  implement(listInvoicesOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const filter = withStatus(eq(invoices.companyGuid, c.var.company.guid), invoices.status, query.status);
    return pageOfRows(
      query,
      async (limit, offset) => (await db.select().from(invoices).where(filter).orderBy(desc(invoices.id)).limit(limit).offset(offset)).map(invoiceSummaryOf),
      () => countRows(db, invoices, filter),
    );
  }),

  implement(getInvoiceOp, async (c, { params }) => loadInvoice(c.var.deps.db, c.var.company.guid, params.id, getInvoiceOp.notFound)),

  implement(invoicePdfOp, async (c, { params }) => {
    const invoice = await loadInvoice(c.var.deps.db, c.var.company.guid, params.id, invoicePdfOp.notFound);
    return pdfAnswer(await invoicePdf(invoice), invoicePdfName(invoice));
  }),

  implement(listCreditNotesOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const filter = withStatus(eq(creditNotes.companyGuid, c.var.company.guid), creditNotes.status, query.status);
    return pageOfRows(
      query,
      async (limit, offset) =>
        (await db.select().from(creditNotes).where(filter).orderBy(desc(creditNotes.id)).limit(limit).offset(offset)).map((r) => ({
          id: r.id,
          status: r.status,
          currency: r.currency,
          initial_balance: r.initialBalanceCents,
          balance: r.balanceCents,
          date_created: r.dateCreated.toISOString(),
        })),
      () => countRows(db, creditNotes, filter),
    );
  }),

  implement(getCreditNoteOp, async (c, { params }) => loadCreditNote(c.var.deps.db, c.var.company.guid, params.id, getCreditNoteOp.notFound)),

  implement(creditNotePdfOp, async (c, { params }) => {
    const note = await loadCreditNote(c.var.deps.db, c.var.company.guid, params.id, creditNotePdfOp.notFound);
    return pdfAnswer(await creditNotePdf(note), creditNotePdfName(note));
  }),

  implement(listTransactionsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const filter = withStatus(eq(transactions.companyGuid, c.var.company.guid), transactions.status, query.status);
    return pageOfRows(
      query,
      async (limit, offset) => {
        const rows = await db.select().from(transactions).where(filter).orderBy(desc(transactions.dateCreated), desc(transactions.guid)).limit(limit).offset(offset);
        const invoicesOf = await invoicesOfTransactions(
          db,
          rows.map((r) => r.guid),
        );
        return rows.map((t) => ({
          guid: t.guid,
          kind: t.kind,
          status: t.status,
          date_created: t.dateCreated.toISOString(),
          amount: t.amountCents,
          currency: t.currency,
          payment_method_type: t.paymentMethodType,
          transaction_id: t.transactionId,
          associated_invoices: invoicesOf.get(t.guid) ?? [],
        }));
      },
      () => countRows(db, transactions, filter),
    );
  }),
];
