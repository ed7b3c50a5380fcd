import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import type { Domain } from '../../src/lib/api/domains';
import { domainsRoutes, listDomains } from '../../src/lib/requests/domains';
import { openStreamedDownload } from '../../src/lib/requests/streamed-download';
import { EXPORT_FIELDS, EXPORT_SORT_FIELDS, type DomainExportQuery } from '../../src/lib/schemas/domain-export';
import type { Context, Runner } from '../context';
import { CliError, UsageError } from '../errors';
import { runImport, importOptionsSchema } from '../import/run';
import { exportOutputShape, outputTypeOf, writeExport } from './export-output';
import { allPages, findGroup, signedIn } from './shared';

const collect = (value: string, previous: string[]) => [...previous, value];

export const domainsListOptionsSchema = z.object({
  group: z.string().optional(),
  search: z.array(z.string()).default([]),
});

/** What the panel's export dialog ticks at first: every field but the software passwords, which are asked for by name. */
const DEFAULT_EXPORT_FIELDS = EXPORT_FIELDS.filter((f) => f !== 'software_password');

export const domainsExportOptionsSchema = z.object({
  group: z.string(),
  ...exportOutputShape,
  field: z.array(z.enum(EXPORT_FIELDS, { error: `A field is one of ${EXPORT_FIELDS.join(', ')}.` })).default([]),
  sort: z.enum(EXPORT_SORT_FIELDS, { error: `The sort field is one of ${EXPORT_SORT_FIELDS.join(', ')}.` }).default('domain'),
});

export function registerDomains(program: Command, run: Runner): void {
  const domains = program.command('domains').description('domains of your domain groups');
  domains
    .command('list')
    .description('list domains by name, of one group or of every group you may see')
    .option('--group <group>', 'only this domain group (its name or guid)')
    .option('--search <text>', 'only domains whose name, address or hosting account contains this (repeat for any of several)', collect, [])
    .action(run(domainsListOptionsSchema, listDomainsCommand));
  domains
    .command('export')
    .description("write a domain group's export (the panel's fields, sort and CSV or JSON) to stdout or a file, as it arrives")
    .requiredOption('--group <group>', 'the domain group (its name or guid)')
    .option('--field <field>', 'a field to export (repeat; default: all but software_password)', collect, [])
    .option('--sort <field>', 'sort by this field', 'domain')
    .option('--desc', 'sort descending')
    .option('--format <format>', 'csv or json (default csv; json with --json)')
    .option('--output <file>', 'write to this file instead of stdout')
    .addHelpText(
      'after',
      `\nFields: ${EXPORT_FIELDS.join(', ')}\n\nExamples:\n  $ hostdeck domains export --group Production > production.csv\n  $ hostdeck domains export --group Production --field domain --field ip_address --format json --output sites.json`,
    )
    .action(run(domainsExportOptionsSchema, exportDomainsCommand));
  domains
    .command('import')
    .description('add the domains of a file (one a line) to a domain group, checked first, resumable')
    .argument('<file>', 'the file, or - to read stdin')
    .requiredOption('--group <group>', 'the domain group (its name or guid)')
    .option('--skip-invalid', 'send the good lines even when some are bad (the bad ones are listed)')
    .option('--dry-run', 'check every line and show what would be sent; send nothing')
    .option('--wait', 'follow the tasks until they end (exit 3 when one fails)')
    .option('--resume', 'carry on with an import that was interrupted')
    .option('--chunk-size <n>', 'domains per request (one task each)', '500')
    .addHelpText(
      'after',
      `
Each line: domain[, IP, SSL, redirect to https, software, protocol, preset]
  example.com
  shop.example.com, 203.0.113.7, true, true, WORDPRESS, https://, <preset uuid>
Only the domain is needed; a line without an address gets the next one with a free slot, as
in the panel. Every line is checked before anything is sent; a line that cannot be imported
is listed with its number, and then nothing is sent unless you pass --skip-invalid.

An interrupted import (Ctrl+C, a lost connection) exits 4: run the same command with --resume
and it carries on without adding any domain twice. Its checkpoint is kept in the CLI's config
folder until the import ends.

Examples:
  $ hostdeck domains import sites.txt --group Production --dry-run
  $ hostdeck domains import sites.txt --group Production --wait
  $ hostdeck domains import sites.txt --group Production --resume
  $ cut -d, -f1 old-panel.csv | hostdeck domains import - --group Production`,
    )
    .action(run(importOptionsSchema, importDomains));
}

/** `hostdeck domains list`: the group page's list (spec part 2, 2.3), every page of it. */
export async function listDomainsCommand(ctx: Context, options: z.output<typeof domainsListOptionsSchema>): Promise<void> {
  const { api } = signedIn(ctx);
  const rows = await ctx.ui.withSpinner('Reading domains…', async () => {
    const group = options.group ? (await findGroup(api, options.group)).guid : undefined;
    return allPages((page) => listDomains(api, { page, per_page: 1000, ...(group ? { group } : {}), ...(options.search.length ? { search: options.search } : {}) }));
  });
  if (ctx.options.json) return ctx.ui.printJson(rows);
  if (!rows.length) return ctx.ui.renderInfo(options.search.length ? 'No domains match.' : 'No domains yet.');
  ctx.ui.printTable<Domain>(
    [
      { header: 'DOMAIN', value: (d) => d.domain },
      { header: 'STATUS', value: (d) => d.status },
      { header: 'IP ADDRESS', value: (d) => d.ip_address?.ip_address ?? '' },
      { header: 'SSL', value: (d) => (d.has_ssl_certificate ? 'yes' : 'no') },
      { header: 'SOFTWARE', value: (d) => d.software?.software_name ?? '' },
      { header: 'GROUP', value: (d) => d.group.name },
      { header: 'GUID', value: (d) => d.guid },
    ],
    rows,
  );
}

/** `hostdeck domains export`: the export dialog's file (spec part 2, 5 and 9 "Export"), streamed. */
export async function exportDomainsCommand(ctx: Context, options: z.output<typeof domainsExportOptionsSchema>): Promise<void> {
  const { api, options: apiOptions } = signedIn(ctx);
  const group = await findGroup(api, options.group);
  const query: DomainExportQuery = {
    group: group.guid,
    output_type: outputTypeOf(ctx, options.format),
    fields: options.field.length ? options.field : DEFAULT_EXPORT_FIELDS,
    sort_field: options.sort,
    sort_dir: options.desc ? 'DESC' : 'ASC',
  };
  await writeExport(ctx, await openStreamedDownload(apiOptions, domainsRoutes.exportDomains.path, { query: { ...query } }), options.output);
}

/** The import's text and where it came from: a file, or stdin for `-`. */
async function readSource(ctx: Context, file: string): Promise<{ content: Buffer; source: string }> {
  if (file === '-') {
    if (ctx.io.stdin.isTTY) {
      throw new UsageError('`hostdeck domains import -` reads the domains from a pipe, not from the terminal.', {
        hint: 'For example: hostdeck domains import - --group Production < sites.txt',
      });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return { content: Buffer.concat(chunks), source: 'stdin' };
  }
  try {
    return { content: await readFile(file), source: file };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `There is no file ${file}.` : `Could not read ${file}: ${(error as Error).message}`, { cause: error });
  }
}

export async function importDomains(ctx: Context, options: z.output<typeof importOptionsSchema>, args: readonly string[]): Promise<void> {
  const file = args[0];
  if (!file) throw new UsageError('Name the file to import, or - to read stdin.');
  const { content, source } = await readSource(ctx, file);
  await runImport(ctx, options, content, source);
}
