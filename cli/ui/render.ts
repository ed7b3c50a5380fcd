import { stripVTControlCharacters } from 'node:util';
import type { CliIO } from '../context';
import { CancelledError } from '../errors';
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
  };
}
