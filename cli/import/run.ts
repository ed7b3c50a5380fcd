import { z } from 'zod';
import type { Api } from '../../src/lib/api/client';
import type { DomainGroup } from '../../src/lib/api/domains';
import type { Task } from '../../src/lib/api/tasks';
import { ApiError, NetworkError, errorMessages } from '../../src/lib/errors';
import { addDomains, groupIpAddresses, listDomains } from '../../src/lib/requests/domains';
import { listGroupTasks } from '../../src/lib/requests/tasks';
import { startAndFollowTask } from '../../src/lib/requests/task-events';
import { MAX_DOMAINS_PER_ADD, type ImportError } from '../../src/lib/schemas/add-domains';
import { IP_LIST_MAX, PICKER_PAGE_SIZE } from '../../src/lib/schemas/lists';
import type { Context } from '../context';
import { CliError, EXIT } from '../errors';
import { allPages, findGroup, signedIn } from '../commands/shared';
import { checkpointPath, fileHash, readCheckpoint, removeCheckpoint, writeCheckpoint, type Checkpoint } from './checkpoint';
import { chunkBody, planImport, type PlannedRow } from './plan';

/** Names looked for per domain list request: the API takes 500 search tags, but a URL of 500 names is too long for some proxies. */
const SEARCH_TAGS_MAX = 100;

export const importOptionsSchema = z.object({
  group: z.string().trim().min(1, 'Please give a domain group after --group.'),
  skipInvalid: z.boolean().default(false),
  dryRun: z.boolean().default(false),
  wait: z.boolean().default(false),
  resume: z.boolean().default(false),
  chunkSize: z.coerce
    .number({ error: 'The chunk size must be a number.' })
    .int('The chunk size must be a whole number.')
    .min(1, 'The chunk size must be 1 or more.')
    .max(MAX_DOMAINS_PER_ADD, `The chunk size can be at most ${MAX_DOMAINS_PER_ADD}, what one request takes.`)
    .default(500),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

function printLineErrors(ctx: Context, errors: readonly ImportError[]): void {
  for (const e of errors) ctx.io.stderr.write(e.line ? `Line ${e.line}: ${e.message}\n` : `${e.message}\n`);
}

/**
 * `hostdeck domains import` (issue 12): checks every line first, then sends the rows in chunks
 * of the bulk add call, each with an idempotency key and acknowledged in a checkpoint, so that
 * `--resume` after an interruption adds every domain exactly once.
 */
export async function runImport(ctx: Context, options: ImportOptions, content: Buffer, source: string): Promise<void> {
  const { api } = signedIn(ctx);
  const group = await findGroup(api, options.group);
  const hash = fileHash(content);
  const path = checkpointPath(ctx.io.env, hash, group.guid);
  const saved = await readCheckpoint(path);

  if (options.resume && !saved) {
    throw new CliError(`No interrupted import of ${source} into ${group.name} was found.`, {
      hint: 'Run it again without --resume. (A resume needs the very same file: a changed file is a new import.)',
    });
  }
  if (!options.resume && saved && !options.dryRun) {
    throw new CliError(`An import of this file into ${group.name} was interrupted after ${plural(Math.min(saved.chunks_done * saved.chunk_size, saved.rows.length), 'domain')}.`, {
      exitCode: EXIT.interrupted,
      hint: `Run the same command with --resume to carry on, or delete ${path} to start over.`,
    });
  }

  const checkpoint = saved && options.resume ? saved : await plan(ctx, api, group, content, source, hash, options);
  if (!checkpoint) return;
  if (!saved) await writeCheckpoint(path, checkpoint);
  await send(ctx, api, checkpoint, path, Boolean(saved), options.skipInvalid);
  await removeCheckpoint(path);

  const planned = new Set(checkpoint.rows.map((r) => r.line));
  // Rows the API refused and --skip-invalid left out were planned but not added.
  const added = checkpoint.rows.length - checkpoint.skipped.filter((e) => planned.has(e.line)).length;
  const tasks = checkpoint.tasks.filter((t): t is string => t !== null);
  let failed: { task: string; error: string | null }[] = [];
  if (options.wait && tasks.length) failed = await waitForTasks(ctx, api, group, tasks);

  if (ctx.options.json) {
    ctx.ui.printJson({
      group: { guid: group.guid, name: group.name },
      added,
      skipped_lines: checkpoint.skipped,
      tasks,
      ...(options.wait ? { failed_tasks: failed } : {}),
    });
  } else {
    const skipped = checkpoint.skipped.length ? ` ${plural(checkpoint.skipped.length, 'line was', 'lines were')} skipped.` : '';
    await ctx.ui.renderSuccess(
      `Added ${plural(added, 'domain')} to ${group.name} in ${plural(checkpoint.tasks.length, 'task')}.${skipped}`,
      options.wait ? undefined : 'Follow them with `hostdeck tasks list` or `hostdeck tasks watch <task>`, or pass --wait next time.',
    );
  }
  if (failed.length) {
    throw new CliError(`${plural(failed.length, 'task')} of this import ended in FAILURE.`, {
      exitCode: EXIT.someFailed,
      hint: failed.map((f) => `${f.task}${f.error ? `: ${f.error}` : ''}`).join('\n'),
    });
  }
}

/** Checks the file; null when it was a dry run (reported here) or nothing is left to send. */
async function plan(ctx: Context, api: Api, group: DomainGroup, content: Buffer, source: string, hash: string, options: ImportOptions): Promise<Checkpoint | null> {
  const account = group.default_hosting_account;
  if (!account) {
    throw new CliError(`The domain group ${group.name} has no default hosting account, which imported domains go to.`, {
      hint: "Choose one in the group's Settings in the panel.",
    });
  }
  const ips = await ctx.ui.withSpinner('Reading the group’s IP addresses…', groupIpAddresses(api, group.guid, { per_page: IP_LIST_MAX }));
  const { rows, errors, lines } = planImport(content.toString('utf8'), { group: group.guid, hostingAccount: account, ips: ips.data });

  printLineErrors(ctx, errors);
  if (options.dryRun) {
    if (ctx.options.json) {
      ctx.ui.printJson({ group: { guid: group.guid, name: group.name }, lines, valid: rows.length, errors, addresses_used: new Set(rows.map((r) => r.ip_address)).size });
    } else {
      await ctx.ui.renderInfo(
        `Checked ${plural(lines, 'line')}: ${plural(rows.length, 'domain')} can be added to ${group.name}, on ${plural(new Set(rows.map((r) => r.ip_address)).size, 'IP address', 'IP addresses')}${errors.length ? `; ${plural(errors.length, 'line')} cannot` : ''}.`,
        'This was a dry run: nothing was sent.',
      );
    }
    if (errors.length && !options.skipInvalid) throw badLines(errors.length, rows.length, true);
    return null;
  }
  if (errors.length && !options.skipInvalid) throw badLines(errors.length, rows.length, false);
  if (!rows.length) throw new CliError(errors.length ? 'No line of the file can be imported.' : 'The file has no domains to import.');
  if (errors.length) await ctx.ui.renderWarning(`Skipping ${plural(errors.length, 'line')} that cannot be imported (listed above).`);
  return { version: 1, file_hash: hash, group: { guid: group.guid, name: group.name }, source, chunk_size: options.chunkSize, rows, skipped: errors, chunks_done: 0, tasks: [] };
}

function badLines(bad: number, good: number, dryRun: boolean): CliError {
  return new CliError(`${plural(bad, 'line')} cannot be imported${dryRun ? '' : '; nothing was sent'}.`, {
    hint: good ? `Fix ${bad === 1 ? 'it' : 'them'} and run again, or pass --skip-invalid to send the other ${plural(good, 'domain')}.` : 'Fix them and run again.',
  });
}

/** The names of `rows` that are in the group already: how a resume tells an acknowledged chunk it did not record. */
async function alreadyAdded(api: Api, group: string, rows: readonly PlannedRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < rows.length; i += SEARCH_TAGS_MAX) {
    const names = rows.slice(i, i + SEARCH_TAGS_MAX).map((r) => r.domain);
    const wanted = new Set(names);
    // Search tags match parts of names too; only exact names count.
    const list = await allPages((page) => listDomains(api, { group, search: names, page, per_page: PICKER_PAGE_SIZE }));
    for (const d of list) if (wanted.has(d.domain)) found.add(d.domain);
  }
  return found;
}

/**
 * Sends the chunks the checkpoint has not acknowledged. Each goes with an idempotency key of its
 * own (a retry within the run is answered, not repeated); after a resume, the first chunk is
 * first looked for in the group, since the API may have added it just before the interruption.
 */
async function send(ctx: Context, api: Api, checkpoint: Checkpoint, path: string, resumed: boolean, skipInvalid: boolean): Promise<void> {
  const { rows, chunk_size: size } = checkpoint;
  const chunks = Math.ceil(rows.length / size);
  const doneRows = () => Math.min(checkpoint.chunks_done * size, rows.length);
  if (resumed && checkpoint.chunks_done > 0) await ctx.ui.renderInfo(`Resuming: ${plural(doneRows(), 'domain')} of ${count(rows.length)} were added before.`);
  const progress = ctx.ui.progress('Importing', rows.length, doneRows());
  const release = ctx.catchInterrupt();
  let checkFirst = resumed;
  try {
    for (let index = checkpoint.chunks_done; index < chunks; index++) {
      if (ctx.signal.aborted) throw interrupted(doneRows(), rows.length, 'Interrupted');
      let chunk = rows.slice(index * size, (index + 1) * size);
      let key = `hostdeck-import-${checkpoint.file_hash.slice(0, 32)}-${checkpoint.group.guid}-${index}`;
      let task: string | null = null;
      try {
        if (checkFirst) {
          checkFirst = false;
          const present = await alreadyAdded(api, checkpoint.group.guid, chunk);
          if (present.size) {
            chunk = chunk.filter((r) => !present.has(r.domain));
            // What is left is another request than the one the key was first used with.
            key = `${key}-rest`;
          }
        }
        for (let attempt = 1; chunk.length && task === null; attempt++) {
          try {
            task = (await addDomains(api, chunkBody(chunk), key)).task.guid;
          } catch (error) {
            if (!(error instanceof ApiError) || error.status !== 400) throw error;
            const refused = refusedRows(error, chunk);
            printLineErrors(ctx, refused.length ? refused : errorMessages(error).map((message) => ({ line: 0, message })));
            // The API adds all of a chunk or none: with --skip-invalid, the rest goes again without the refused lines.
            if (!skipInvalid || !refused.length || attempt >= 3) throw refusedChunk(chunk.length, doneRows(), rows.length, skipInvalid);
            const lines = new Set(refused.map((r) => r.line));
            chunk = chunk.filter((r) => !lines.has(r.line));
            checkpoint.skipped.push(...refused);
            key = `${key}-${attempt}`;
          }
        }
      } catch (error) {
        if (error instanceof NetworkError) throw interrupted(doneRows(), rows.length, 'Lost the connection to the API', error);
        throw error;
      }
      checkpoint.chunks_done = index + 1;
      checkpoint.tasks.push(task);
      await writeCheckpoint(path, checkpoint);
      progress.update(doneRows());
    }
  } finally {
    release();
    progress.stop();
  }
}

function interrupted(done: number, total: number, what: string, cause?: unknown): CliError {
  return new CliError(`${what} after ${plural(done, 'domain')} of ${count(total)} were added.`, {
    exitCode: EXIT.interrupted,
    hint: 'Run the same command with --resume to carry on; no domain will be added twice.',
    ...(cause === undefined ? {} : { cause }),
  });
}

/** The lines of a chunk the API refused (all or nothing), with its sentences. */
function refusedRows(error: ApiError, chunk: readonly PlannedRow[]): ImportError[] {
  const byLine: ImportError[] = [];
  for (const [field, message] of Object.entries(error.body.fields ?? {})) {
    const m = /^domains\.(\d+)\./.exec(field);
    const row = m ? chunk[Number(m[1])] : undefined;
    if (row) byLine.push({ line: row.line, message });
  }
  return byLine.sort((a, b) => a.line - b.line);
}

function refusedChunk(size: number, done: number, total: number, skipping: boolean): CliError {
  return new CliError(`The API refused a chunk of ${plural(size, 'domain')}; ${plural(done, 'domain')} of ${count(total)} were added before it.`, {
    hint: skipping
      ? 'The lines above could not be left out; see the messages.'
      : 'Run the same command with --resume --skip-invalid to leave the lines above out and send the rest.',
  });
}

/** A task's current state, from the group's Tasks list (newest first, where new tasks are). */
async function taskOf(api: Api, group: string, guid: string): Promise<Task> {
  for (let page = 1; ; page++) {
    const answer = await listGroupTasks(api, group, { page, per_page: 100 });
    const found = answer.data.find((t) => t.guid === guid);
    if (found) return found;
    if (page * 100 >= answer.total) throw new CliError(`Task ${guid} was not found.`);
  }
}

/** `--wait`: follows each task over the event stream until it ends; answers the failed ones. */
async function waitForTasks(ctx: Context, api: Api, group: DomainGroup, tasks: readonly string[]): Promise<{ task: string; error: string | null }[]> {
  const { options } = signedIn(ctx);
  const failed: { task: string; error: string | null }[] = [];
  const progress = ctx.ui.progress('Tasks finished', tasks.length, 0, 'tasks');
  try {
    for (const [index, guid] of tasks.entries()) {
      let error: string | null = null;
      const end = await startAndFollowTask(options, () => taskOf(api, group.guid, guid), {
        onProgress(event) {
          if (event.item?.status === 'FAILURE' && event.item.error) error ??= event.item.error;
        },
      });
      if (end.status === 'FAILURE') failed.push({ task: guid, error });
      progress.update(index + 1);
    }
  } finally {
    progress.stop();
  }
  return failed;
}
