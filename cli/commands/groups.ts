import type { Command } from 'commander';
import { z } from 'zod';
import type { Context, Runner } from '../context';
import { allGroups, shortDate, signedIn } from './shared';

export const groupsListOptionsSchema = z.object({});

export function registerGroups(program: Command, run: Runner): void {
  const groups = program.command('groups').description('domain groups');
  groups.command('list').description("list the company's domain groups, by name").action(run(groupsListOptionsSchema, listGroups));
}

/** `hostdeck groups list`: the groups page's list (spec part 2, 2.2). */
export async function listGroups(ctx: Context): Promise<void> {
  const { api } = signedIn(ctx);
  const groups = await ctx.ui.withSpinner('Reading domain groups…', allGroups(api));
  if (ctx.options.json) return ctx.ui.printJson(groups);
  if (!groups.length) return ctx.ui.renderInfo('This company has no domain groups yet.');
  ctx.ui.printTable(
    [
      { header: 'NAME', value: (g) => g.name },
      { header: 'DOMAINS', value: (g) => String(g.domain_count), align: 'right' },
      { header: 'HOSTING ACCOUNT', value: (g) => g.default_hosting_account?.name ?? '' },
      { header: 'CREATED', value: (g) => shortDate(g.date_created) },
      { header: 'GUID', value: (g) => g.guid },
    ],
    groups,
  );
}
