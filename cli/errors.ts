/**
 * The exit codes, decided once (clig.dev): scripts branch on these, and `hostdeck --help` and
 * the README list them.
 */
export const EXIT = {
  /** Done; also when the reader of stdout left early (`| head -1`), as git, gh and doctl end then. */
  ok: 0,
  /** Something failed: a refusal, an unreachable API, bad input lines. */
  failure: 1,
  /** The command was called the wrong way (flags, arguments). */
  usage: 2,
  /** The request was taken but some of its work failed: a task ended in FAILURE, an order placed but not paid. */
  someFailed: 3,
  /** Stopped part way (Ctrl+C, a lost connection); `--resume` carries on where it stopped. */
  interrupted: 4,
  /** Ctrl+C at a prompt or during an export to a file; what shells report for SIGINT. */
  cancelled: 130,
} as const;

export const EXIT_CODES_HELP = `
Exit codes:
  0    done; also when the reader of the output stops early (| head -1), as with git
  1    failed (the message says why)
  2    wrong usage (options, arguments)
  3    accepted, but some of the work failed (a task ended in FAILURE, an order not paid)
  4    interrupted; run the same command with --resume to carry on
  130  cancelled (Ctrl+C at a prompt, or during an export to a file)`;

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
    this.exitCode = options.exitCode ?? EXIT.failure;
  }
}

/** The command was called the wrong way (flags, arguments); exits 2 like commander's own. */
export class UsageError extends CliError {
  constructor(message: string, options: { hint?: string } = {}) {
    super(message, { ...options, exitCode: EXIT.usage });
    this.name = 'UsageError';
  }
}

/** The person pressed Ctrl+C at a prompt; 130 is what shells report for SIGINT. */
export class CancelledError extends CliError {
  constructor() {
    super('Cancelled.', { exitCode: EXIT.cancelled });
    this.name = 'CancelledError';
  }
}

export const SIGNED_OUT_MESSAGE = 'You are not signed in. Run `hostdeck login`.';

/**
 * Under a refused saved API key whose cause the API does not tell (a deleted key is gone from
 * the database, so its token is as unknown as a mistyped one): what the person can do about it.
 */
export const API_KEY_REFUSED_HINT = 'It may have been deleted in the panel. Save a new one with `hostdeck login --token-stdin`, or sign in with `hostdeck login`.';

/** Under an API key the API refused as expired (`API_KEY_EXPIRED_CODE`): where to make a new one. */
export const apiKeyExpiredHint = (keysPage: string) =>
  `Create a new one in the panel (${keysPage}) and save it with \`hostdeck login --token-stdin\`, or sign in with \`hostdeck login\`.`;
