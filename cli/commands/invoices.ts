import type { Command } from 'commander';
import { z } from 'zod';
import type { InvoiceSummary } from '../../src/lib/api/billing';
import { formatMoney } from '../../src/lib/billing';
import { listInvoices } from '../../src/lib/requests/billing';
import { INVOICE_STATUSES } from '../../src/lib/schemas/billing';
import type { Context, Runner } from '../context';
import { allPages, panelLink, shortDate, signedIn } from './shared';

const collect = (value: string, previous: string[]) => [...previous, value];

export const invoicesListOptionsSchema = z.object({
  status: z.array(z.enum(INVOICE_STATUSES, { error: `A status is one of ${INVOICE_STATUSES.join(', ')}.` })).default([]),
});

export function registerInvoices(program: Command, run: Runner): void {
  const invoices = program.command('invoices').description("the company's invoices");
  invoices
    .command('list')
    .description('list invoices, newest first, with what is still due and the link to each')
    .option('--status <status>', `only invoices of this status (${INVOICE_STATUSES.join(', ')}; repeat for several)`, collect, [])
    .addHelpText(
      'after',
      "\nExamples:\n  $ hostdeck invoices list --status UNPAID --status PARTIALLY_PAID\n  $ hostdeck invoices list --json | jq 'map(select(.balance_due > 0)) | length'",
    )
    .action(run(invoicesListOptionsSchema, listInvoicesCommand));
}

const money = (cents: number, currency: string) => formatMoney(cents, currency === 'EUR' ? 'EUR' : 'USD');

/** `hostdeck invoices list`: Billing's Invoices tab (spec part 3, 2.4), every page of it. */
export async function listInvoicesCommand(ctx: Context, options: z.output<typeof invoicesListOptionsSchema>): Promise<void> {
  const { api } = signedIn(ctx);
  const rows = await ctx.ui.withSpinner(
    'Reading invoices…',
    allPages((page) => listInvoices(api, { page, per_page: 100, ...(options.status.length ? { status: options.status } : {}) })),
  );
  if (ctx.options.json) return ctx.ui.printJson(rows);
  if (!rows.length) return ctx.ui.renderInfo(options.status.length ? 'No invoices have these statuses.' : 'No invoices yet.');
  ctx.ui.printTable<InvoiceSummary>(
    [
      { header: 'INVOICE', value: (r) => `#${r.id}` },
      { header: 'STATUS', value: (r) => r.status },
      { header: 'TOTAL', value: (r) => money(r.total_amount, r.currency), align: 'right' },
      { header: 'DUE', value: (r) => money(r.balance_due, r.currency), align: 'right' },
      { header: 'CREATED', value: (r) => shortDate(r.date_created) },
      { header: 'DUE DATE', value: (r) => shortDate(r.date_due) },
      { header: 'ORDER', value: (r) => (r.order_id === null ? '' : `#${r.order_id}`) },
      { header: 'LINK', value: (r) => panelLink(ctx, `/billing/invoices/${r.id}`) },
    ],
    rows,
  );
}
