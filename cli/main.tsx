import { Command, CommanderError } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { API_KEY_EXPIRED_CODE, ApiError, NetworkError, UnauthorizedError, errorMessages } from '../src/lib/errors';
import { registerLogin } from './commands/login';
import { registerLogout } from './commands/logout';
import { registerWhoami } from './commands/whoami';
import { registerDomains } from './commands/domains';
import { registerGroups } from './commands/groups';
import { registerTasks } from './commands/tasks';
import { registerIp } from './commands/ip';
import { registerInvoices } from './commands/invoices';
import { createContext, parseOptions, type CliIO, type Context, type Runner } from './context';
import { API_KEY_REFUSED_HINT, CliError, EXIT, EXIT_CODES_HELP, SIGNED_OUT_MESSAGE, apiKeyExpiredHint } from './errors';
import { watchOutput } from './output';
import { panelLink } from './commands/shared';
import { createUi } from './ui/render';

/**
 * Runs one hostdeck command and resolves with its exit code: 0 on success, 1 for errors,
 * 2 for usage errors. Everything outside is injectable, so tests call it in-process with
 * the API app's fetch and their own streams instead of spawning.
 */
export async function runCli(argv: readonly string[], overrides: Partial<CliIO> = {}): Promise<number> {
  const io: CliIO = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    ...overrides,
  };
  let ctx: Context | undefined;
  const program = new Command('hostdeck');
  program
    .description('Hostdeck in the terminal: sign in, then manage IP addresses, domains and hosting.')
    .version(pkg.version, '-V, --version', 'print the version')
    .option('--api-url <url>', `the provider API (default: $HOSTDECK_API_URL, the one you signed in to, or http://localhost:4321/api)`)
    .option('--json', 'print plain JSON to stdout, for scripts')
    .option('--no-input', 'never prompt; fail with a hint instead')
    .option('--company <guid>', 'act for this company instead of the saved one')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('Run `hostdeck --help` to see the commands and options.')
    // Commander would call process.exit; we turn its errors into exit codes below.
    .exitOverride();

  const run: Runner =
    (schema, handler) =>
    async (...args) => {
      const command = args.at(-1) as Command;
      ctx = await createContext(io, program.opts(), pkg.version);
      await handler(ctx, parseOptions(schema, command.opts()), command.processedArgs as string[]);
    };
  registerLogin(program, run);
  registerWhoami(program, run);
  registerLogout(program, run);
  registerGroups(program, run);
  registerDomains(program, run);
  registerTasks(program, run);
  registerIp(program, run);
  registerInvoices(program, run);
  program.addHelpText('after', EXIT_CODES_HELP);

  const output = watchOutput(io);
  let code: number;
  try {
    await program.parseAsync([...argv], { from: 'user' });
    code = 0;
  } catch (error) {
    // The reader of stdout has gone: whatever failed after that (a streamed export's write) is
    // no failure of the command, and there is nobody to tell (issue 32).
    if (output.readerLeft()) return EXIT.ok;
    code = await handleError(error, io, ctx, argv);
  }
  if (output.readerLeft()) return EXIT.ok;
  const failure = output.writeFailure();
  if (failure) {
    await (ctx?.ui ?? createUi(io, { json: argv.includes('--json') })).renderError(`Could not write the output: ${failure.message}`);
    return EXIT.failure;
  }
  return code;
}

/** The one place that turns a failure into what the person sees and the exit code. */
async function handleError(error: unknown, io: CliIO, ctx: Context | undefined, argv: readonly string[]): Promise<number> {
  if (error instanceof CommanderError) {
    // Commander has printed its message (or the help, or the version) already.
    return error.exitCode === 0 ? 0 : 2;
  }
  const ui = ctx?.ui ?? createUi(io, { json: argv.includes('--json') });
  // A CliError raised inside a fetch (e.g. no API at the address) arrives wrapped by the client.
  error = userErrorIn(error) ?? error;
  if (error instanceof CliError) {
    await ui.renderError(error.message, error.hint);
    return error.exitCode;
  }
  if (error instanceof UnauthorizedError) {
    // The server's 401 sentence speaks of a session; a saved API key is refused when it expired
    // (the API says so) or was deleted (the API cannot tell that from a key it never issued).
    if (ctx?.config.token_kind === 'api_key' && ctx.savedCredentials()) {
      if (error.code === API_KEY_EXPIRED_CODE) await ui.renderError('The saved API key has expired.', apiKeyExpiredHint(panelLink(ctx, '/company/api')));
      else await ui.renderError('The saved API key was not accepted.', API_KEY_REFUSED_HINT);
      return 1;
    }
    await ui.renderError(SIGNED_OUT_MESSAGE, errorMessages(error).join(' '));
    return 1;
  }
  if (error instanceof NetworkError) {
    const from = ctx ? ` The address came from ${describeSource(ctx)}.` : '';
    await ui.renderError(error.message, `Is the API running?${from}`);
    return 1;
  }
  if (error instanceof ApiError) {
    await ui.renderError(errorMessages(error).join(' '));
    return 1;
  }
  // Anything else is a bug in hostdeck, not something the person did.
  const message = error instanceof Error ? error.message : String(error);
  await ui.renderError(`Unexpected error: ${message}`, 'This is a bug in hostdeck. Run again with HOSTDECK_DEBUG=1 to see where it happened, and report it.');
  if (io.env.HOSTDECK_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return 1;
}

function userErrorIn(error: unknown): CliError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e instanceof CliError) return e;
  return undefined;
}

function describeSource(ctx: Context): string {
  switch (ctx.apiUrlSource) {
    case '--api-url':
      return 'the --api-url option';
    case 'HOSTDECK_API_URL':
      return 'the HOSTDECK_API_URL environment variable';
    case 'config':
      return 'your saved sign-in (change it with --api-url)';
    case 'default':
      return 'the default (change it with --api-url or HOSTDECK_API_URL)';
  }
}
