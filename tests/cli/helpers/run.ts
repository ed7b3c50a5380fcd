import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { runCli } from '../../../cli/main';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/** A private config folder per test, removed by `cleanup`. */
export async function tempConfigDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'hostdeck-cli-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs the CLI in-process with piped (non-terminal) streams, as a script would. */
export async function run(
  argv: string[],
  options: { configDir: string; fetch?: typeof globalThis.fetch; stdin?: string; env?: Record<string, string>; signal?: AbortSignal },
): Promise<RunResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(argv, {
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdout,
    stderr,
    env: { HOSTDECK_CONFIG_DIR: options.configDir, ...options.env },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
