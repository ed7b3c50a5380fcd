import { stripVTControlCharacters } from 'node:util';
import type { CliIO } from '../context';
import { CancelledError } from '../errors';
import { outputClosed } from '../output';
import type { MessageKind } from './Message';

export interface PromptOptions {
  label: string;
  defaultValue?: string | undefined;
  placeholder?: string | undefined;
  validate?: ((value: string) => string | undefined) | undefined;
}

/**
 * The helpers commands use to talk to the person: messages and prompts on stderr, data on
 * stdout (clig.dev). Commands never import Ink; only this folder does.
 */
export interface Ui {
  /** Messages may be drawn with Ink (stderr is a terminal and not --json). */
  readonly rich: boolean;
  renderInfo(message: string, hint?: string): Promise<void>;
  renderSuccess(message: string, hint?: string): Promise<void>;
  renderWarning(message: string, hint?: string): Promise<void>;
  renderError(message: string, hint?: string): Promise<void>;
  /** Shows a spinner with `label` on a terminal while `work` runs; nothing otherwise. */
  withSpinner<T>(label: string, work: Promise<T> | (() => Promise<T>)): Promise<T>;
  /** Asks for a line of text. Only call it when the context says it can prompt. */
  promptText(options: PromptOptions): Promise<string>;
  /** Asks for a secret without echoing it. Only call it when the context says it can prompt. */
  promptPassword(options: PromptOptions): Promise<string>;
  /** Writes a line of data to stdout. */
  printData(text: string): void;
  /** Writes a value as JSON to stdout, for `--json`. */
  printJson(value: unknown): void;
  /** Writes rows as a table with a header to stdout; bold headers only on a colour terminal. */
  printTable<R>(columns: readonly TableColumn<R>[], rows: readonly R[]): void;
  /**
   * A progress line on stderr (rows done, rate, time left), drawn only on a terminal and
   * never with --json; `done` is where it starts (rows of an earlier, resumed run).
   */
  progress(label: string, total: number, done?: number, unit?: string): Progress;
}

export interface TableColumn<R> {
  header: string;
  value: (row: R) => string;
  /** Numbers line up on the right. */
  align?: 'right';
}

export interface Progress {
  update(done: number): void;
  /** Removes the line, so the messages after it start on a clean line. */
  stop(): void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "about 2 min left" from seconds. */
function timeLeft(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${(seconds / 3600).toFixed(1)} h left`;
}

/** The progress line's words, apart so that they can be checked without a terminal. */
export function progressLine(label: string, done: number, total: number, rowsPerSecond: number, unit = 'rows'): string {
  const parts = [`${label} ${count(done)}/${count(total)} ${unit}`];
  if (rowsPerSecond > 0) {
    parts.push(`${count(Math.round(rowsPerSecond))} ${unit}/s`);
    if (done < total) parts.push(timeLeft((total - done) / rowsPerSecond));
  }
  return parts.join(' · ');
}

/** The CI variables Ink itself looks at (is-in-ci); there it draws only a final frame. */
export function isCI(env: CliIO['env']): boolean {
  if (env.CI === '0' || env.CI === 'false') return false;
  return 'CI' in env || 'CONTINUOUS_INTEGRATION' in env || Object.keys(env).some((k) => k.startsWith('CI_'));
}

const PLAIN_PREFIX: Record<MessageKind, string> = { info: '', success: '', warning: 'Warning: ', error: 'Error: ' };

export function createUi(io: CliIO, options: { json: boolean }): Ui {
  const stderrIsTerminal = Boolean(io.stderr.isTTY) && io.env.TERM !== 'dumb';
  const rich = !options.json && stderrIsTerminal;
  const animate = rich && !isCI(io.env);
  const noColor = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '';
  const load = () => {
    // Chalk, which colours Ink's output, ignores NO_COLOR but reads FORCE_COLOR when it is
    // first imported; that happens just below, the first time Ink is needed.
    if (noColor && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = '0';
    return import('./ink-runtime');
  };

  async function message(kind: MessageKind, text: string, hint?: string) {
    if (!rich) {
      io.stderr.write(`${PLAIN_PREFIX[kind]}${text}\n${hint ? `${hint}\n` : ''}`);
      return;
    }
    const ink = await load();
    const out = ink.messageToString({ kind, message: text, hint }, io.stderr.columns || 80);
    io.stderr.write(`${noColor ? stripVTControlCharacters(out) : out}\n`);
  }

  async function prompt(options: PromptOptions, secret: boolean): Promise<string> {
    if (!io.stdin.isTTY || !io.stderr.isTTY) {
      throw new Error('A prompt was asked for without a terminal; check ctx.canPrompt first.');
    }
    const ink = await load();
    const answer = await ink.runPrompt(io, { ...options, secret });
    if (answer === undefined) throw new CancelledError();
    return answer;
  }

  return {
    rich,
    renderInfo: (text, hint) => message('info', text, hint),
    renderSuccess: (text, hint) => message('success', text, hint),
    renderWarning: (text, hint) => message('warning', text, hint),
    renderError: (text, hint) => message('error', text, hint),
    async withSpinner(label, work) {
      const promise = typeof work === 'function' ? work() : work;
      if (!animate) return promise;
      // Loading Ink takes a while; without a handler meanwhile, an early failure of `work`
      // would count as an unhandled rejection and end the process.
      promise.catch(() => undefined);
      const spinner = (await load()).mountSpinner(io, label);
      try {
        return await promise;
      } finally {
        await spinner.stop();
      }
    },
    promptText: (options) => prompt(options, false),
    promptPassword: (options) => prompt(options, true),
    printData: (text) => {
      io.stdout.write(`${text}\n`);
    },
    printJson: (value) => {
      io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    printTable(columns, rows) {
      const cells = rows.map((r) => columns.map((c) => c.value(r)));
      const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i]!.length)));
      const line = (values: readonly string[]) =>
        values
          .map((v, i) => (columns[i]!.align === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
          .join('  ')
          .trimEnd();
      const header = line(columns.map((c) => c.header));
      const bold = Boolean(io.stdout.isTTY) && !noColor && io.env.TERM !== 'dumb';
      io.stdout.write(`${bold ? `\x1b[1m${header}\x1b[22m` : header}\n`);
      for (const row of cells) {
        // The reader has gone (`| head -1`): the rest would only fail, row by row.
        if (outputClosed(io.stdout)) return;
        io.stdout.write(`${line(row)}\n`);
      }
    },
    progress(label, total, start = 0, unit = 'rows') {
      if (!rich) return { update: () => undefined, stop: () => undefined };
      const began = Date.now();
      const draw = (done: number) => {
        const seconds = (Date.now() - began) / 1000;
        const rate = seconds > 0 ? (done - start) / seconds : 0;
        io.stderr.write(`\r\x1b[2K${progressLine(label, done, total, rate, unit)}`);
      };
      draw(start);
      return {
        update: draw,
        stop: () => void io.stderr.write('\r\x1b[2K'),
      };
    },
  };
}
