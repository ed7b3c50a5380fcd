import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import type { StreamedDownload } from '../../src/lib/requests/streamed-download';
import type { Context } from '../context';
import { CliError, EXIT } from '../errors';

/** The options both exports share (each adds its own fields and sort): the order, the format and where the file goes. */
export const exportOutputShape = {
  desc: z.boolean().default(false),
  format: z.enum(['csv', 'json'], { error: 'The format is csv or json.' }).optional(),
  output: z.string().optional(),
};

/** CSV unless asked otherwise; `--json` alone asks for JSON. */
export const outputTypeOf = (ctx: Context, format: 'csv' | 'json' | undefined): 'CSV' | 'JSON' => ((format ?? (ctx.options.json ? 'json' : 'csv')) === 'json' ? 'JSON' : 'CSV');

/**
 * Writes the export as it arrives, to `output` or stdout: never held whole, so 100,000 rows
 * take the memory of one chunk. The file's name and row count go to stderr, not stdout.
 */
export async function writeExport(ctx: Context, download: StreamedDownload, output: string | undefined): Promise<void> {
  const source = Readable.fromWeb(download.body as unknown as WebReadableStream<Uint8Array>);
  if (!output) {
    // stdout stays open for the shell: the export ends, the process does not close it. When its
    // reader goes (`| head -1`) the pipeline fails and destroys the source, which cancels the
    // download (issue 32).
    await pipeline(source, ctx.io.stdout, { end: false });
    return;
  }
  await writeFileWhole(ctx, source, output);
  await ctx.ui.renderSuccess(`Exported to ${output}.`, `The server named it ${download.filename}.`);
}

/**
 * Streams into a file beside `output` and renames it over `output` once complete, so `output`
 * is either the whole export or untouched: a lost connection, a refusal midway or Ctrl+C leave
 * no half-written file (issue 32), and the partial one is removed.
 */
async function writeFileWhole(ctx: Context, source: Readable, output: string): Promise<void> {
  const partial = join(dirname(output), `.${basename(output)}.${process.pid}.${randomBytes(6).toString('hex')}.part`);
  // Ctrl+C stops the download and removes the partial file instead of ending the process mid-write.
  const release = ctx.catchInterrupt();
  try {
    await pipeline(source, createWriteStream(partial, { flags: 'wx' }), { signal: ctx.signal });
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    if (ctx.signal.aborted) throw new CliError(`The export was stopped; ${output} was not written.`, { exitCode: EXIT.cancelled, cause: error });
    const code = (error as NodeJS.ErrnoException).code;
    if (code) throw new CliError(`Could not write ${output}: ${(error as Error).message}`, { hint: `Nothing was written to ${output}.`, cause: error });
    throw error;
  } finally {
    release();
  }
}
