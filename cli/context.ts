import { z } from 'zod';
import { createApi, type Api, type ApiOptions } from '../src/lib/api/client';
import { readConfig, type Config, type Env } from './config';
import { discoverApi } from './discover';
import { UsageError } from './errors';
import { createUi, type Ui } from './ui/render';

export const DEFAULT_API_URL = 'http://localhost:4321/api';

/** The streams and surroundings of one run; tests pass their own instead of process's. */
export interface CliIO {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: Env;
  /** Tests pass the API app's fetch here; the real CLI uses the global one. */
  fetch?: typeof globalThis.fetch;
  /** Asks a long command (an import) to stop at the next safe point; the real CLI aborts it on Ctrl+C. */
  signal?: AbortSignal;
}

export const globalOptionsSchema = z.object({
  apiUrl: z.url({ protocol: /^https?$/, error: 'The API URL must start with http:// or https://, e.g. http://localhost:4321/api.' }).optional(),
  json: z.boolean().default(false),
  input: z.boolean().default(true),
  company: z.string().trim().min(1, 'Please give a company guid after --company.').optional(),
});
export type GlobalOptions = z.infer<typeof globalOptionsSchema>;

/** Where the API URL of this run came from, for hints when it cannot be reached. */
export type ApiUrlSource = '--api-url' | 'HOSTDECK_API_URL' | 'config' | 'default';

export interface Context {
  io: CliIO;
  ui: Ui;
  options: GlobalOptions;
  config: Config;
  apiUrl: string;
  apiUrlSource: ApiUrlSource;
  version: string;
  /** Prompts only on a terminal, and never with --no-input or --json (clig.dev). */
  canPrompt: boolean;
  /** A client with the given credentials (none by default), for `apiUrl` unless told another. */
  api(credentials?: { token: string | null; company: string | null }, baseURL?: string): Api;
  /** What `api()` is built from, for calls outside the client (the task event stream). */
  apiOptions(credentials?: { token: string | null; company: string | null }, baseURL?: string): ApiOptions;
  /** Aborted when the command is asked to stop: Ctrl+C while `catchInterrupt` is on, or a test. */
  signal: AbortSignal;
  /**
   * Turns Ctrl+C (SIGINT, SIGTERM) into `signal` until the returned function is called, so a
   * long command stops at a safe point instead of dying mid-request. Elsewhere Ctrl+C ends the
   * process as usual.
   */
  catchInterrupt(): () => void;
  /**
   * The saved credentials, when they belong to the API of this run. A token is never
   * sent to another API than the one that issued it.
   */
  savedCredentials(): { token: string; company: string | null } | null;
}

/**
 * Wraps a command's handler as a commander action: builds the context from the global
 * options, checks the command's own options with `schema`, then runs the handler.
 */
export type Runner = <S extends z.ZodType>(
  schema: S,
  handler: (ctx: Context, options: z.output<S>, args: readonly string[]) => Promise<void>,
) => (...args: unknown[]) => Promise<void>;

/** Validates a command's options with zod; any failure is a usage error (exit 2). */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw new UsageError(result.error.issues.map((i) => i.message).join(' '), {
    hint: 'Run the command with --help to see its options.',
  });
}

export const normaliseUrl = (url: string) => url.replace(/\/+$/, '');

export async function createContext(io: CliIO, rawOptions: unknown, version: string): Promise<Context> {
  const options = parseOptions(globalOptionsSchema, rawOptions);
  const config = await readConfig(io.env);
  const envUrl = io.env.HOSTDECK_API_URL?.trim() || io.env.API_URL?.trim();
  let apiUrl: string;
  let apiUrlSource: ApiUrlSource;
  if (options.apiUrl) [apiUrl, apiUrlSource] = [options.apiUrl, '--api-url'];
  else if (envUrl) {
    parseOptions(globalOptionsSchema.shape.apiUrl, envUrl);
    [apiUrl, apiUrlSource] = [envUrl, 'HOSTDECK_API_URL'];
  } else if (config.api_url) [apiUrl, apiUrlSource] = [config.api_url, 'config'];
  else [apiUrl, apiUrlSource] = [DEFAULT_API_URL, 'default'];
  apiUrl = normaliseUrl(apiUrl);
  // The panel's address, as people type it, with a sign-in saved (or waiting for its code) for
  // its API: use that API. The waiting one counts too, or `login --code` after a first call given
  // the panel's address would not find the sign-in that call saved under the API it discovered.
  const known = [config.api_url, config.pending_login?.api_url].filter((url) => url !== undefined).map(normaliseUrl);
  if (known.includes(`${apiUrl}/api`)) apiUrl = `${apiUrl}/api`;

  const ui = createUi(io, { json: options.json });
  const headers = { 'User-Agent': `hostdeck-cli/${version} node/${process.versions.node}` };
  const interrupt = new AbortController();
  io.signal?.addEventListener('abort', () => interrupt.abort(), { once: true });
  // One discovery per run: every client of the run shares what the first answer showed.
  const fetcher = discoverApi(apiUrl, io.fetch ?? ((input, init) => globalThis.fetch(input, init)), (found) => {
    ctx.apiUrl = found;
  });
  const apiOptions = (credentials = { token: null as string | null, company: null as string | null }, baseURL?: string): ApiOptions => ({
    baseURL: baseURL ?? ctx.apiUrl,
    credentials: () => credentials,
    headers,
    fetch: fetcher,
  });
  const ctx: Context = {
    io,
    ui,
    options,
    config,
    apiUrl,
    apiUrlSource,
    version,
    signal: interrupt.signal,
    catchInterrupt() {
      // Tests stop a run with io.signal instead.
      if (io.signal) return () => undefined;
      const stop = () => interrupt.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      };
    },
    canPrompt: options.input && !options.json && Boolean(io.stdin.isTTY) && Boolean(io.stderr.isTTY),
    api: (credentials, baseURL) => createApi(apiOptions(credentials, baseURL)),
    apiOptions,
    savedCredentials() {
      if (!config.token || !config.api_url || normaliseUrl(config.api_url) !== ctx.apiUrl) return null;
      return { token: config.token, company: options.company ?? config.company ?? null };
    },
  };
  return ctx;
}
