import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { z } from 'zod';
import type { Api } from '../../src/lib/api/client';
import type { IpOrderOptions } from '../../src/lib/api/ip-orders';
import { formatMoney, type PricedIpOrder } from '../../src/lib/billing';
import { ipOrderCalls } from '../../src/lib/ip-order/calls';
import type { ChosenOrder } from '../../src/lib/ip-order/derived';
import { listPaymentMethods, payInvoice } from '../../src/lib/requests/billing';
import { listIpGroups } from '../../src/lib/requests/ip-addresses';
import { createIpOrder } from '../../src/lib/requests/ip-orders';
import { orderBody, summaryOf, type OrderChoices } from '../../src/lib/rules/ip-order';
import { IP_ADDRESS_TYPES, IP_FILTERS, ORDER_DEFAULTS, normaliseCoupon } from '../../src/lib/schemas/ip-orders';
import { PICKER_PAGE_SIZE } from '../../src/lib/schemas/lists';
import type { Context, Runner } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { parseLocationSpec, picksFromSpecs } from '../ip-order/plan';
import { allPages, findByNameOrGuid, panelLink, signedIn } from './shared';

const collect = (value: string, previous: string[]) => [...previous, value];

export const ipOrderCommandSchema = z.object({
  group: z.string().optional(),
  location: z.array(z.string()).default([]),
  type: z.enum(IP_ADDRESS_TYPES, { error: 'The type is DEDICATED or SHARED.' }).default(ORDER_DEFAULTS.ipAddressType),
  filter: z.enum(IP_FILTERS, { error: 'The subnet filter is NONE, C, B or A.' }).default(ORDER_DEFAULTS.ipAddressFilter),
  excludeGroup: z.array(z.string()).default([]),
  cycle: z.string().default(ORDER_DEFAULTS.billingCycle),
  coupon: z.string().optional(),
  pay: z.union([z.boolean(), z.string()]).optional(),
});
type IpOrderCommandOptions = z.output<typeof ipOrderCommandSchema>;

export function registerIpOrder(ip: Command, run: Runner): void {
  ip.command('order')
    .description('order IP addresses: interactively on a terminal, or from flags in scripts; prints the invoice and its link')
    .option('--group <group>', 'the IP group the addresses go to (its name or guid)')
    .option('--location <where=count[:slots]>', 'addresses at a location (its id or city), with website slots per address (repeat)', collect, [])
    .option('--type <type>', 'DEDICATED or SHARED', ORDER_DEFAULTS.ipAddressType)
    .option('--filter <filter>', 'subnet filter: C, B, A, or NONE for addresses from any subnet', ORDER_DEFAULTS.ipAddressFilter)
    .option('--exclude-group <group>', 'no addresses from the subnets of this IP group (repeat)', collect, [])
    .option('--cycle <cycle>', 'billing cycle (MONTHLY, ANNUALLY, ...)', ORDER_DEFAULTS.billingCycle)
    .option('--coupon <code>', 'a coupon (on ANNUALLY it replaces the default discount)')
    .option('--pay [method]', "start paying the invoice with a saved payment method (its guid; default: the company's first active one)")
    .addHelpText(
      'after',
      `
Without --location on a terminal, the order is asked for step by step. Every price comes from
the module the panel and the server price with, so the total shown is the invoice's.

Examples:
  $ hostdeck ip order
  $ hostdeck ip order --group "Main network" --location us-nyc=3 --location "Frankfurt=2:4" --cycle MONTHLY
  $ hostdeck ip order --group Main --location us-nyc=1 --json --pay`,
    )
    .action(run(ipOrderCommandSchema, orderIpAddresses));
}

/** What the order needs from the API before anything is chosen. */
export interface OrderCatalogue {
  groups: { guid: string; name: string }[];
  options: IpOrderOptions;
}

export async function orderCatalogue(api: Api, coupon: string | null): Promise<OrderCatalogue> {
  const [groups, options] = await Promise.all([allPages((page) => listIpGroups(api, { page, per_page: PICKER_PAGE_SIZE })), ipOrderCalls(api).options(coupon)]);
  return { groups, options };
}

const findIpGroup = (groups: OrderCatalogue['groups'], wanted: string) =>
  findByNameOrGuid(groups, wanted, {
    kind: 'IP group',
    none: groups.length ? 'See your IP groups with `hostdeck ip list`, or in the panel.' : 'This company has no IP groups yet; create one in the panel.',
  });

/** `hostdeck ip order` (spec part 3, 2.3 and 4 "Order wizard"). */
export async function orderIpAddresses(ctx: Context, options: IpOrderCommandOptions): Promise<void> {
  const { api } = signedIn(ctx);
  if (!options.location.length) {
    if (!ctx.canPrompt) {
      throw new UsageError('Name the addresses to order with --location.', {
        hint: 'For example: hostdeck ip order --group Main --location us-nyc=3. On a terminal, run it without --location to be asked.',
      });
    }
    const { askIpOrder } = await import('../ui/ip-order-flow');
    const catalogue = await ctx.ui.withSpinner('Reading the marketplace…', orderCatalogue(api, null));
    const answer = await askIpOrder(ctx.io, { catalogue, ...ipOrderCalls(api) });
    if (!answer) throw new CliError('The order was not placed.', { exitCode: EXIT.cancelled });
    return place(ctx, api, answer, options.pay);
  }
  const specs = options.location.map(parseLocationSpec);
  const catalogue = await ctx.ui.withSpinner('Reading the marketplace…', orderCatalogue(api, normaliseCoupon(options.coupon)));
  if (!options.group) throw new UsageError('Name the IP group the addresses go to with --group.');
  const group = findIpGroup(catalogue.groups, options.group);
  const excluded = options.excludeGroup.map((g) => findIpGroup(catalogue.groups, g).guid);
  const cycle = catalogue.options.billing_cycles.find((c) => c.name === options.cycle.toUpperCase());
  if (!cycle)
    throw new UsageError(`${options.cycle} is not a billing cycle of IP addresses.`, { hint: `Cycles: ${catalogue.options.billing_cycles.map((c) => c.name).join(', ')}.` });
  const entries = await ipOrderCalls(api).marketplace(options.type, options.filter, excluded);
  const picks = picksFromSpecs(entries, specs, options.type);
  const choices: OrderChoices = {
    group: group.guid,
    ipType: options.type,
    filter: options.filter,
    excludedGroups: excluded,
    billingCycle: cycle.name,
    coupon: options.coupon ?? '',
  };
  await place(ctx, api, { choices, entries, picks, options: catalogue.options }, options.pay);
}

/** An order as chosen, from flags or from the interactive flow (src/lib/ip-order, where the flow makes it). */
export type { ChosenOrder };

export function priceChosen({ choices, entries, picks, options }: ChosenOrder): PricedIpOrder {
  const cycle = options.billing_cycles.find((c) => c.name === choices.billingCycle)!;
  return summaryOf({ ipType: choices.ipType, entries, picks, cycle, coupon: options.coupon, options });
}

async function place(ctx: Context, api: Api, order: ChosenOrder, pay: IpOrderCommandOptions['pay']): Promise<void> {
  const priced = priceChosen(order);
  const money = (cents: number) => formatMoney(cents, priced.currency);
  // One key for this run: a retried request after a lost answer places one order.
  const created = await ctx.ui.withSpinner('Placing the order…', createIpOrder(api, orderBody(order.choices, order.entries, order.picks), randomUUID()));
  const link = panelLink(ctx, `/billing/invoices/${created.invoice_id}`);
  const payment = pay === undefined || pay === false ? null : await startPayment(api, created.invoice_id, typeof pay === 'string' ? pay : null);
  if (ctx.options.json) {
    ctx.ui.printJson({ order_id: created.order_id, invoice_id: created.invoice_id, invoice_url: link, total_amount: priced.total_amount, currency: priced.currency, payment });
  } else {
    ctx.ui.printTable(
      [
        { header: 'ITEM', value: (l: PricedIpOrder['items'][number]) => l.description },
        { header: 'QTY', value: (l) => String(l.quantity), align: 'right' },
        { header: 'RATE', value: (l) => money(l.rate), align: 'right' },
        { header: 'AMOUNT', value: (l) => money(l.sub_total), align: 'right' },
      ],
      priced.items,
    );
    if (priced.discount_amount) ctx.ui.printData(`Discount${priced.coupon_code ? ` (${priced.coupon_code.name})` : ''}: -${money(priced.discount_amount)}`);
    ctx.ui.printData(`Total: ${money(priced.total_amount)}`);
    ctx.ui.printData(`Invoice #${created.invoice_id}: ${link}`);
    if (payment?.redirect_url) ctx.ui.printData(`Approve the payment: ${payment.redirect_url}`);
    await ctx.ui.renderSuccess(`Order #${created.order_id} placed.`, payment ? undefined : 'The addresses join the group once the invoice is paid.');
  }
  if (pay !== undefined && pay !== false && !payment) {
    throw new CliError(
      typeof pay === 'string' ? `No active saved payment method ${pay}: the invoice was not paid.` : 'This company has no saved card or PayPal account: the invoice was not paid.',
      { exitCode: EXIT.someFailed, hint: `Pay it in the panel: ${link}` },
    );
  }
}

/** Starts paying with a saved method (the payer approves it at the gateway); null when the company has none to use. */
async function startPayment(api: Api, invoiceId: number, wanted: string | null) {
  const methods = (await listPaymentMethods(api, { status: ['ACTIVE'] })).data.filter((m) => m.method_type === 'CARD' || m.method_type === 'PAYPAL');
  const method = wanted ? methods.find((m) => m.guid === wanted.toLowerCase()) : methods[0];
  if (!method) return null;
  const started = await payInvoice(
    api,
    { invoice_id: invoiceId, payment_method: method.method_type as 'CARD' | 'PAYPAL', payment_amount: '', payment_method_guid: method.guid },
    randomUUID(),
  );
  return { method: method.name, redirect_url: started.redirect_url, amount: started.amount, currency: started.currency };
}
