import type { Command } from 'commander';
import { z } from 'zod';
import type { Api } from '../../src/lib/api/client';
import type { DomainGroup } from '../../src/lib/api/domains';
import { TASK_LIST_MAX, type Task } from '../../src/lib/api/tasks';
import { listGroupTasks } from '../../src/lib/requests/tasks';
import { startAndFollowTask } from '../../src/lib/requests/task-events';
import type { TaskEvent } from '../../src/lib/schemas/task-event';
import type { Context, Runner } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { allGroups, findGroup, shortDate, signedIn } from './shared';

export const tasksListOptionsSchema = z.object({
  group: z.string().optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be 1 or more.')
    .max(TASK_LIST_MAX, `The limit can be at most ${TASK_LIST_MAX}.`)
    .default(25),
});
export const tasksWatchOptionsSchema = z.object({ group: z.string().optional() });

export function registerTasks(program: Command, run: Runner): void {
  const tasks = program.command('tasks').description('provisioning tasks (adding domains, DNS resets, ...)');
  tasks
    .command('list')
    .description('list the newest tasks of every domain group, or of one')
    .option('--group <group>', 'only this domain group (its name or guid)')
    .option('--limit <n>', `how many tasks (at most ${TASK_LIST_MAX})`, '25')
    .action(run(tasksListOptionsSchema, listTasks));
  tasks
    .command('watch')
    .description('follow a task until it ends; exits 0 when it COMPLETED, 3 when it ended in FAILURE')
    .argument('<task>', "the task's guid, as `hostdeck tasks list` shows it")
    .option('--group <group>', "the task's domain group, to find it faster")
    .action(run(tasksWatchOptionsSchema, watchTask));
}

interface GroupTask extends Task {
  group: { guid: string; name: string };
}

const groupsToSearch = async (api: Api, group: string | undefined): Promise<DomainGroup[]> => (group ? [await findGroup(api, group)] : allGroups(api));

/** `hostdeck tasks list`: the Tasks tab's list (spec part 2, 2.7), across groups newest first. */
export async function listTasks(ctx: Context, options: z.output<typeof tasksListOptionsSchema>): Promise<void> {
  const { api } = signedIn(ctx);
  const rows = await ctx.ui.withSpinner('Reading tasks…', async () => {
    const groups = await groupsToSearch(api, options.group);
    const pages = await Promise.all(
      groups.map(async (g) => (await listGroupTasks(api, g.guid, { per_page: options.limit })).data.map((t): GroupTask => ({ ...t, group: { guid: g.guid, name: g.name } }))),
    );
    return pages
      .flat()
      .sort((a, b) => b.date_created.localeCompare(a.date_created))
      .slice(0, options.limit);
  });
  if (ctx.options.json) return ctx.ui.printJson(rows);
  if (!rows.length) return ctx.ui.renderInfo('No tasks yet.');
  ctx.ui.printTable(
    [
      { header: 'TASK', value: (t) => t.guid },
      { header: 'KIND', value: (t) => t.kind },
      { header: 'STATUS', value: (t) => t.status },
      { header: 'DONE', value: (t) => `${t.progress_percentage}%`, align: 'right' },
      { header: 'GROUP', value: (t) => t.group.name },
      { header: 'CREATED', value: (t) => shortDate(t.date_created) },
    ],
    rows,
  );
}

/** A task of the groups, looked for page by page (newest first, where a watched task is). */
async function locateTask(api: Api, groups: readonly DomainGroup[], guid: string): Promise<Task> {
  for (const g of groups) {
    for (let page = 1; ; page++) {
      const answer = await listGroupTasks(api, g.guid, { page, per_page: TASK_LIST_MAX });
      const found = answer.data.find((t) => t.guid === guid);
      if (found) return found;
      if (page * TASK_LIST_MAX >= answer.total) break;
    }
  }
  throw new CliError(`Task ${guid} was not found.`, { hint: 'See the tasks with `hostdeck tasks list`.' });
}

/**
 * Follows one task over the event stream to its end and reports it; the exit code says how it
 * ended (EXIT.someFailed for FAILURE). Shared by `tasks watch` and `domains import --wait`.
 */
export async function followToEnd(ctx: Context, start: () => Promise<Task>, label: string): Promise<TaskEvent & { error: string | null }> {
  const { options } = signedIn(ctx);
  let progress: ReturnType<Context['ui']['progress']> | undefined;
  let error: string | null = null;
  try {
    const end = await startAndFollowTask(options, start, {
      signal: ctx.signal,
      onProgress(event) {
        if (event.item?.status === 'FAILURE' && event.item.error && !error) error = event.item.error;
        progress ??= ctx.ui.progress(label, 100, 0, '%');
        progress.update(event.progress_percentage);
      },
    });
    return { ...end, error };
  } finally {
    progress?.stop();
  }
}

export async function watchTask(ctx: Context, options: z.output<typeof tasksWatchOptionsSchema>, args: readonly string[]): Promise<void> {
  const guid = (args[0] ?? '').trim().toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(guid)) {
    throw new UsageError(`${args[0] ?? ''} is not a task guid.`, { hint: 'Copy it from `hostdeck tasks list`.' });
  }
  const { api } = signedIn(ctx);
  const groups = await groupsToSearch(api, options.group);
  const end = await followToEnd(ctx, () => locateTask(api, groups, guid), `Task ${guid.slice(0, 8)}`);
  await reportEnd(ctx, end);
}

/** Prints how a followed task ended; a FAILURE exits with EXIT.someFailed. */
export async function reportEnd(ctx: Context, end: TaskEvent & { error: string | null }): Promise<void> {
  if (ctx.options.json)
    ctx.ui.printJson({ task: end.task, kind: end.kind, status: end.status, progress_percentage: end.progress_percentage, date_completed: end.date_completed, error: end.error });
  if (end.status === 'FAILURE') {
    throw new CliError(`Task ${end.task} (${end.kind}) ended in FAILURE.`, {
      exitCode: EXIT.someFailed,
      hint: `${end.error ? `${end.error} ` : ''}See its steps in the panel's Tasks tab, or with \`hostdeck tasks list --json\`.`,
    });
  }
  if (!ctx.options.json) await ctx.ui.renderSuccess(`Task ${end.task} (${end.kind}) COMPLETED.`);
}
