import { z } from 'zod';

/**
 * What paying an invoice carries out (`invoices.on_paid`): one variant per action, each carried
 * out by its own handler in src/server/billing/invoice-paid.ts. The column holds plain JSON, so
 * what is read back is parsed here before anything trusts it; the field names are the stored
 * ones, and every row written so far parses.
 */

const orderId = z.number().int();
/** A period's bound as the billing run writes it (toISOString), and as SQL compares it (`on_paid ->> 'period_start'`). */
const periodBound = z.string();

const invoiceActionSchema = z.discriminatedUnion('action', [
  /** A new IP order's reserved addresses enter its group (src/server/billing/ip-stock.ts). */
  z.object({ action: z.literal('ACTIVATE_IP_ORDER'), order_id: orderId }),
  /** A shared hosting order's first period begins; a job then creates its account (hosting-provision.ts). */
  z.object({ action: z.literal('ACTIVATE_HOSTING_ORDER'), order_id: orderId, hosting_account: z.string() }),
  /** A plan change "now" switches the account's plan (hosting-plan-change.ts). */
  z.object({
    action: z.literal('APPLY_PLAN_CHANGE'),
    hosting_account: z.string(),
    order_id: orderId,
    from_plan: z.string(),
    to_plan: z.string(),
    /** The new plan's monthly price in the account's currency, as invoiced. */
    monthly_cost: z.number().int(),
  }),
  /** The provider's team starts a paid website setup. */
  z.object({ action: z.literal('START_WEBSITE_SETUP'), order_id: orderId }),
  /** Addresses get the website slots paid for. */
  z.object({ action: z.literal('APPLY_SLOT_UPGRADE'), ip_addresses: z.array(z.object({ guid: z.string(), value: z.number().int() })) }),
  /**
   * An order's renewal date moves on by `months`. The period it pays for is known only once paid
   * (it starts after the periods already paid), and is recorded then, as a renewal records its own.
   */
  z.object({ action: z.literal('EXTEND_ORDER'), order_id: orderId, months: z.number().int(), period_start: periodBound.optional(), period_end: periodBound.optional() }),
  /** A renewal: the billing run began its period already, so paying it only settles the order. */
  z.object({ action: z.literal('RENEW_ORDER'), order_id: orderId, period_start: periodBound, period_end: periodBound }),
]);

export type InvoiceAction = z.infer<typeof invoiceActionSchema>;
export type InvoiceActionName = InvoiceAction['action'];
export type InvoiceActionOf<A extends InvoiceActionName> = Extract<InvoiceAction, { action: A }>;

/** The action a stored `on_paid` names, or null for none (or one this code does not know, which paying then does not carry out). */
export function parseInvoiceAction(stored: unknown): InvoiceAction | null {
  const parsed = invoiceActionSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The period a renewal, or an extension once paid, bills for; null for any other invoice. */
export function billedPeriodOf(action: InvoiceAction | null): { start: string; end: string } | null {
  if (action?.action !== 'RENEW_ORDER' && action?.action !== 'EXTEND_ORDER') return null;
  return action.period_start !== undefined && action.period_end !== undefined ? { start: action.period_start, end: action.period_end } : null;
}
