import type { Command } from 'commander';
import { z } from 'zod';
import type { IpAddress } from '../../src/lib/api/ip-addresses';
import { formatMoney } from '../../src/lib/billing';
import { ipAddressesRoutes, listIpAddresses, listIpGroups } from '../../src/lib/requests/ip-addresses';
import { openStreamedDownload } from '../../src/lib/requests/streamed-download';
import { IP_EXPORT_FIELDS } from '../../src/lib/schemas/ip-addresses';
import { PICKER_PAGE_SIZE } from '../../src/lib/schemas/lists';
import type { Context, Runner } from '../context';
import { registerIpOrder } from './ip-order';
import { exportOutputShape, outputTypeOf, writeExport } from './export-output';
import { allPages, findByNameOrGuid, signedIn } from './shared';

const collect = (value: string, previous: string[]) => [...previous, value];

export const ipListOptionsSchema = z.object({
  group: z.string().optional(),
  search: z.array(z.string()).default([]),
});

export const ipExportOptionsSchema = z.object({
  group: z.string(),
  search: z.array(z.string()).default([]),
  ...exportOutputShape,
  field: z.array(z.enum(IP_EXPORT_FIELDS, { error: `A field is one of ${IP_EXPORT_FIELDS.join(', ')}.` })).default([]),
  sort: z.enum(IP_EXPORT_FIELDS, { error: `The sort field is one of ${IP_EXPORT_FIELDS.join(', ')}.` }).default('ip_address'),
});

export function registerIp(program: Command, run: Runner): void {
  const ip = program.command('ip').description('IP addresses of your IP groups');
  ip.command('list')
    .description('list IP addresses by address, of one group or of every group you may see')
    .option('--group <group>', 'only this IP group (its name or guid)')
    .option('--search <text>', 'only addresses, cities or countries containing this (repeat for any of several)', collect, [])
    .action(run(ipListOptionsSchema, listIpCommand));
  ip.command('export')
    .description("write an IP group's export (the panel's fields, sort and CSV or JSON) to stdout or a file, as it arrives")
    .requiredOption('--group <group>', 'the IP group (its name or guid)')
    .option('--search <text>', 'only addresses as the list searches them (repeat for any of several)', collect, [])
    .option('--field <field>', 'a field to export (repeat; default: all)', collect, [])
    .option('--sort <field>', 'sort by this field', 'ip_address')
    .option('--desc', 'sort descending')
    .option('--format <format>', 'csv or json (default csv; json with --json)')
    .option('--output <file>', 'write to this file instead of stdout')
    .addHelpText(
      'after',
      `\nFields: ${IP_EXPORT_FIELDS.join(', ')}\n\nExample:\n  $ hostdeck ip export --group "Main network" --field ip_address --field ip_address_city > addresses.csv`,
    )
    .action(run(ipExportOptionsSchema, exportIpCommand));
  registerIpOrder(ip, run);
}

async function findIpGroup(api: Parameters<typeof listIpGroups>[0], wanted: string) {
  const groups = await allPages((page) => listIpGroups(api, { page, per_page: PICKER_PAGE_SIZE }));
  return findByNameOrGuid(groups, wanted, {
    kind: 'IP group',
    none: groups.length ? 'See the groups in the panel under IP Addresses.' : 'This company has no IP groups yet; create one in the panel.',
  });
}

/** `hostdeck ip export`: the IP group page's export (spec part 3, 7 and 9 "Export"), streamed. */
export async function exportIpCommand(ctx: Context, options: z.output<typeof ipExportOptionsSchema>): Promise<void> {
  const { api, options: apiOptions } = signedIn(ctx);
  const group = await findIpGroup(api, options.group);
  const query = {
    group: group.guid,
    output_type: outputTypeOf(ctx, options.format),
    fields: options.field.length ? options.field : [...IP_EXPORT_FIELDS],
    sort_field: options.sort,
    sort_dir: options.desc ? 'DESC' : 'ASC',
    ...(options.search.length ? { search: options.search } : {}),
  };
  await writeExport(ctx, await openStreamedDownload(apiOptions, ipAddressesRoutes.exportIpAddresses.path, { query }), options.output);
}

/** Spec part 3, 9: one page of the IP list holds up to 99,999 addresses. */
const IP_PAGE = 10_000;

/** `hostdeck ip list`: the IP group page's table (spec part 3, 2.2), every page of it. */
export async function listIpCommand(ctx: Context, options: z.output<typeof ipListOptionsSchema>): Promise<void> {
  const { api } = signedIn(ctx);
  const rows = await ctx.ui.withSpinner('Reading IP addresses…', async () => {
    const group = options.group ? (await findIpGroup(api, options.group)).guid : undefined;
    return allPages((page) => listIpAddresses(api, { page, per_page: IP_PAGE, ...(group ? { group } : {}), ...(options.search.length ? { search: options.search } : {}) }));
  });
  if (ctx.options.json) return ctx.ui.printJson(rows);
  if (!rows.length) return ctx.ui.renderInfo(options.search.length ? 'No IP addresses match.' : 'No IP addresses yet.');
  ctx.ui.printTable<IpAddress>(
    [
      { header: 'IP ADDRESS', value: (r) => r.ip_address },
      { header: 'TYPE', value: (r) => r.ip_address_type },
      { header: 'STATUS', value: (r) => r.status },
      { header: 'LOCATION', value: (r) => `${r.city}, ${r.country_code}` },
      { header: 'SITES', value: (r) => `${r.domain_count}/${r.domains_allowed}`, align: 'right' },
      { header: 'MONTHLY', value: (r) => formatMoney(r.monthly_cost.amount, r.monthly_cost.currency === 'EUR' ? 'EUR' : 'USD'), align: 'right' },
      { header: 'GROUP', value: (r) => r.group.name },
      { header: 'GUID', value: (r) => r.guid },
    ],
    rows,
  );
}
