import { z } from 'zod/mini';
import { pagingSchema } from './lists';
import { text } from './text';

/**
 * Inputs of billing's documents (spec part 3, 2.4-2.7 and 7 "Billing"): list filters and the
 * order tags. Shared by the panel's forms and the server.
 */

/** How many of an order's addresses its page lists; the group page has them all. */
export const ORDER_ADDRESS_SAMPLE = 10;

/** Spec part 3, 3 "Invoice": its statuses. */
export const INVOICE_STATUSES = ['UNPAID', 'PAID', 'PARTIALLY_PAID', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Spec part 3, 2.4: the Invoices tab's filter starts with these. */
export const DEFAULT_INVOICE_FILTER: readonly InvoiceStatus[] = ['UNPAID', 'PAID', 'PARTIALLY_PAID'];

/** A credit note holds a balance (ACTIVE), has spent it (USED) or was withdrawn (CANCELLED). */
export const CREDIT_NOTE_STATUSES = ['ACTIVE', 'USED', 'CANCELLED'] as const;
/** Money moved: its states as the gateway reports them. */
export const TRANSACTION_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'REFUNDED', 'REVERSED'] as const;

/** A repeated (or comma-separated) `status` query value, each one of `statuses`. */
const statusFilter = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z.optional(
    z.pipe(
      z.transform((v: unknown) =>
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => String(s).split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      z.array(z.enum(statuses, { error: `Status must be one of ${statuses.join(', ')}.` })).check(z.maxLength(statuses.length * 2, 'Too many statuses.')),
    ),
  );

export const orderListQuery = pagingSchema(100);
export const invoiceListQuery = z.object({ ...pagingSchema(100).shape, status: statusFilter(INVOICE_STATUSES) });
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;
export const creditNoteListQuery = z.object({ ...pagingSchema(100).shape, status: statusFilter(CREDIT_NOTE_STATUSES) });
export type CreditNoteListQuery = z.input<typeof creditNoteListQuery>;
export const transactionListQuery = z.object({ ...pagingSchema(100).shape, status: statusFilter(TRANSACTION_STATUSES) });
export type TransactionListQuery = z.input<typeof transactionListQuery>;

/** An order holds at most this many tags, each at most this long. */
export const ORDER_TAGS_MAX = 50;
export const ORDER_TAG_LENGTH = 50;
/** Spec part 3, 8. */
export const ORDER_TAGS_UPDATED = 'Order tags successfully updated!';

/**
 * The order's tags, replacing the old ones (spec part 3, 7 "POST /billing/orders/{id}/tags/ with
 * tags"): each trimmed, blanks and repeats dropped, in the order given.
 */
export const orderTagsSchema = z.object({
  tags: z
    .pipe(
      z.array(text({ label: 'A tag', max: ORDER_TAG_LENGTH }), { error: 'Tags must be a list of texts.' }),
      z.transform((tags: string[]) => [...new Set(tags.filter(Boolean))]),
    )
    .check(z.maxLength(ORDER_TAGS_MAX, `An order can have at most ${ORDER_TAGS_MAX} tags.`)),
});
export type OrderTags = z.input<typeof orderTagsSchema>;
