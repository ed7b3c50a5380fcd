/**
 * Errors a person can fix themselves, as opposed to bugs. The top-level handler in
 * main.tsx prints these as a sentence plus a hint; anything else is reported as a bug.
 */
export class CliError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: number;
  constructor(message: string, options: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** The command was called the wrong way (flags, arguments); exits 2 like commander's own. */
export class UsageError extends CliError {
  constructor(message: string, options: { hint?: string } = {}) {
    super(message, { ...options, exitCode: 2 });
    this.name = 'UsageError';
  }
}

/** The person pressed Ctrl+C at a prompt; 130 is what shells report for SIGINT. */
export class CancelledError extends CliError {
  constructor() {
    super('Cancelled.', { exitCode: 130 });
    this.name = 'CancelledError';
  }
}

export const SIGNED_OUT_MESSAGE = 'You are not signed in. Run `hostdeck login`.';

/** Under a refused saved API key: what the person can do about it. */
export const API_KEY_REFUSED_HINT =
  'It may have been deleted in the panel. Save a new one with `hostdeck login --token-stdin`, or sign in with `hostdeck login`.';
