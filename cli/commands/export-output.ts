import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import type { StreamedDownload } from '../../src/lib/requests/streamed-download';
import type { Context } from '../context';
import { CliError } from '../errors';

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
    // stdout stays open for the shell: the export ends, the process does not close it.
    await pipeline(source, ctx.io.stdout, { end: false });
    return;
  }
  try {
    await pipeline(source, createWriteStream(output));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code) throw new CliError(`Could not write ${output}: ${(error as Error).message}`, { cause: error });
    throw error;
  }
  await ctx.ui.renderSuccess(`Exported to ${output}.`, `The server named it ${download.filename}.`);
}
