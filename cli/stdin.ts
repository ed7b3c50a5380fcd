import type { CliIO } from './context';
import { UsageError } from './errors';

/**
 * Reads all of stdin, for secrets passed by a pipe. On a terminal the secret would be
 * echoed as it is typed, so a flag that reads stdin refuses to run there.
 */
export async function readStdin(io: CliIO, flag: string): Promise<string> {
  if (io.stdin.isTTY) {
    throw new UsageError(`${flag} reads from a pipe, not from the terminal.`, {
      hint: `For example: printf '%s' "$SECRET" | hostdeck login ${flag === '--password-stdin' ? '--email you@example.com ' : ''}${flag}`,
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
