import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { z } from 'zod';
import type { LoginResult, SessionUser } from '../../src/lib/api/auth';
import { login as requestLogin, logout as requestLogout, whoami } from '../../src/lib/requests/auth';
import { loginDevice, loginTwoFactor } from '../../src/lib/requests/auth-flows';
import { BACKUP_CODE_LENGTH, CODE_LENGTH } from '../../src/lib/schemas/auth-flows';
import { API_KEY_EXPIRED_CODE, ApiError, UnauthorizedError, errorMessages } from '../../src/lib/errors';
import { fieldErrors, loginSchema } from '../../src/lib/schemas/auth';
import { updateConfig, type Config } from '../config';
import { normaliseUrl, type Context, type Runner } from '../context';
import { CliError, UsageError, apiKeyExpiredHint } from '../errors';
import { panelLink } from './shared';
import { readStdin } from '../stdin';

export const loginOptionsSchema = z
  .object({
    email: z.string().optional(),
    passwordStdin: z.boolean().default(false),
    token: z.string().optional(),
    tokenStdin: z.boolean().default(false),
    /** The second step's code (a 2FA code or backup code), for scripts. */
    code: z.string().optional(),
  })
  .superRefine((o, check) => {
    const withKey = o.token !== undefined || o.tokenStdin;
    if (o.token !== undefined && o.tokenStdin) {
      check.addIssue({ code: 'custom', message: 'Use either --token or --token-stdin, not both.' });
    }
    if (withKey && (o.email !== undefined || o.passwordStdin)) {
      check.addIssue({
        code: 'custom',
        message: 'An API key signs in on its own: leave out --email and --password-stdin when you use --token.',
      });
    }
    if (o.passwordStdin && o.email === undefined) {
      check.addIssue({ code: 'custom', message: '--password-stdin needs --email, because stdin then carries the password.' });
    }
  });
export type LoginOptions = z.output<typeof loginOptionsSchema>;

export function registerLogin(program: Command, run: Runner): void {
  program
    .command('login')
    .description('sign in and save the credentials on this computer')
    .option('--email <email>', 'the email address to sign in with')
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .option('--token <key>', 'save a company API key instead (visible to other users of this computer; prefer --token-stdin)')
    .option('--token-stdin', 'read a company API key from stdin')
    .option('--code <code>', 'the two-factor code (or a backup code) when the account asks for one; alone, it finishes a sign-in that waits for an emailed code')
    .addHelpText(
      'after',
      `
In a terminal, \`hostdeck login\` asks for your email and password.

Examples:
  $ hostdeck login
  $ printf '%s' "$PASSWORD" | hostdeck login --email you@example.com --password-stdin
  $ printf '%s' "$API_KEY" | hostdeck login --token-stdin
  $ hostdeck login --code 123456      (finishes a sign-in that stopped at its second step)

Scripts that run unattended: a company API key (--token-stdin) needs no second step.`,
    )
    .action(run(loginOptionsSchema, login));
}

/** The first message of `field` in the shared login schema for `value`, if it is refused. */
function problemWith(field: 'email' | 'password', value: string): string | undefined {
  const result = loginSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export async function login(ctx: Context, options: LoginOptions): Promise<void> {
  if (options.code !== undefined && !options.passwordStdin && options.token === undefined && !options.tokenStdin) {
    return finishPending(ctx, options.code, options.email);
  }
  if (options.token !== undefined || options.tokenStdin) {
    const key = options.tokenStdin ? (await readStdin(ctx.io, '--token-stdin')).trim() : options.token?.trim();
    if (!key) throw new CliError('Please enter the API key!', { hint: 'Pass the key with --token-stdin (or --token).' });
    return saveApiKey(ctx, key);
  }

  let email = options.email;
  if (email !== undefined) {
    const problem = problemWith('email', email);
    if (problem) throw new CliError(problem);
  }
  let password = options.passwordStdin ? stripNewline(await readStdin(ctx.io, '--password-stdin')) : undefined;
  if (email === undefined || password === undefined) {
    if (!ctx.canPrompt) {
      const told = !ctx.options.input || ctx.options.json;
      throw new UsageError(
        told ? 'hostdeck login does not ask for your email and password with --no-input or --json.' : 'hostdeck login needs a terminal to ask for your email and password.',
        { hint: 'In scripts, pass --email with --password-stdin, or an API key with --token-stdin.' },
      );
    }
    email ??= await ctx.ui.promptText({
      label: 'Email',
      defaultValue: ctx.config.email,
      validate: (v) => problemWith('email', v),
    });
    password = await ctx.ui.promptPassword({ label: 'Password', validate: (v) => problemWith('password', v) });
  }

  // Sent as the fingerprint, so the API knows this computer again next time; saved before
  // signing in, so that a refused attempt does not make every retry a new device.
  const deviceId = ctx.config.device_id ?? randomUUID();
  if (!ctx.config.device_id) await updateConfig((c) => ({ ...c, device_id: deviceId }), ctx.io.env);

  const parsed = loginSchema.safeParse({ email, password, fingerprint: deviceId });
  if (!parsed.success) throw new CliError(Object.values(fieldErrors(parsed.error)).join(' '));

  const api = ctx.api();
  let result: LoginResult;
  try {
    result = await ctx.ui.withSpinner('Signing in…', requestLogin(api, parsed.data));
  } catch (error) {
    // Here a 401 is a refused password, not a lost session: show the server's sentence.
    if (error instanceof ApiError) throw new CliError(errorMessages(error).join(' '), { cause: error });
    throw error;
  }
  if ('verification' in result) result = await secondStep(ctx, result, parsed.data.email, options.code);
  await signedIn(ctx, result, deviceId);
}

async function signedIn(ctx: Context, result: Extract<LoginResult, { token: string }>, deviceId: string | undefined): Promise<void> {
  const company = await chooseCompany(ctx, result.user, async () => {
    // The session was opened for nothing; end it rather than leave it behind.
    await requestLogout(ctx.api({ token: result.token, company: null })).catch(() => undefined);
  });
  await save(ctx, { token: result.token, token_kind: 'session', company: company.guid, email: result.user.email, ...(deviceId ? { device_id: deviceId } : {}) });
  await report(ctx, result.user, company, 'session');
}

/**
 * `hostdeck login --code <code>` after a call that stopped at the second step: a script can
 * sign in from a new computer in two calls, the second with the code emailed by the first.
 */
async function finishPending(ctx: Context, code: string, email: string | undefined): Promise<void> {
  const pending = ctx.config.pending_login;
  if (!pending || normaliseUrl(pending.api_url) !== ctx.apiUrl || (email !== undefined && email.trim().toLowerCase() !== pending.email.toLowerCase())) {
    throw new UsageError('No sign-in here is waiting for a code.', {
      hint: 'Sign in first (`hostdeck login --email you@example.com --password-stdin`); when it asks for a second step, run `hostdeck login --code <code>`.',
    });
  }
  const result = await verify(ctx, pending, code);
  await signedIn(ctx, result, ctx.config.device_id);
}

/**
 * The 2FA or device step (spec part 1, 4): the code comes from --code, or is asked for in a
 * terminal. A device confirmed here is trusted for 60 days, like ticking the box in the panel.
 * Without either, the challenge is saved for `hostdeck login --code` in a second call.
 */
async function secondStep(ctx: Context, pending: Extract<LoginResult, { verification: string }>, email: string, given: string | undefined) {
  const twoFactor = pending.verification === '2fa';
  // A device code is emailed by this very sign-in, so a --code given with it cannot be its code.
  let code = twoFactor ? given : undefined;
  if (code === undefined && ctx.canPrompt) {
    code = await ctx.ui.promptText({
      label: twoFactor ? 'Code from your authenticator app (or a backup code)' : 'Code from the email we just sent',
      validate: (v) => (v.replace(/\s+/g, '') ? undefined : 'Please enter the 6 digit code!'),
    });
  }
  if (code === undefined) {
    await updateConfig((c) => ({ ...c, pending_login: { api_url: ctx.apiUrl, email, session_id: pending.session_id, verification: pending.verification } }), ctx.io.env);
    const step = twoFactor ? 'a two-factor code' : 'a confirmation of this device by email';
    throw new CliError(`This account needs the panel's second sign-in step (${step}).`, {
      hint: twoFactor
        ? 'Pass the code with --code (now: `hostdeck login --code <code>`), run `hostdeck login` in a terminal, or sign in with a company API key: `hostdeck login --token-stdin`.'
        : `Run \`hostdeck login\` in a terminal to type the emailed code, or finish from a script with \`hostdeck login --code <code>\` and the code emailed to ${email} (within 10 minutes). Scripts that run unattended are better off with a company API key: \`hostdeck login --token-stdin\`.`,
    });
  }
  return verify(ctx, { session_id: pending.session_id, verification: pending.verification }, code);
}

async function verify(ctx: Context, pending: { session_id: string; verification: '2fa' | 'device' }, code: string) {
  const clean = code.replace(/\s+/g, '');
  try {
    const result = await ctx.ui.withSpinner(
      'Verifying…',
      pending.verification === '2fa'
        ? loginTwoFactor(ctx.api(), {
            session_id: pending.session_id,
            code: clean,
            code_type: clean.length > CODE_LENGTH && clean.length <= BACKUP_CODE_LENGTH ? 'BACKUP_CODE' : 'CODE',
          })
        : loginDevice(ctx.api(), { session_id: pending.session_id, code: clean, remember: true }),
    );
    if (ctx.config.pending_login) await updateConfig(({ pending_login: _done, ...rest }) => rest, ctx.io.env);
    return result;
  } catch (error) {
    if (error instanceof ApiError) throw new CliError(errorMessages(error).join(' '), { cause: error });
    throw error;
  }
}

/** An API key is checked with whoami before it is saved, so a typo fails here and not later. */
async function saveApiKey(ctx: Context, key: string): Promise<void> {
  let user: SessionUser;
  try {
    ({ user } = await ctx.ui.withSpinner('Checking the API key…', whoami(ctx.api({ token: key, company: ctx.options.company ?? null }))));
  } catch (error) {
    if (error instanceof UnauthorizedError && error.code === API_KEY_EXPIRED_CODE) {
      throw new CliError('This API key has expired.', { hint: apiKeyExpiredHint(panelLink(ctx, '/company/api')), cause: error });
    }
    if (error instanceof UnauthorizedError) {
      // Not the server's sentence: its 401 speaks of a session that has ended, and a key is none.
      throw new CliError('The API key was not accepted.', {
        hint: 'Check that you copied the whole key and that it was not deleted in the panel.',
        cause: error,
      });
    }
    if (error instanceof ApiError) throw new CliError(errorMessages(error).join(' '), { cause: error });
    throw error;
  }
  const company = await chooseCompany(ctx, user, async () => undefined);
  await save(ctx, { token: key, token_kind: 'api_key', company: company.guid, email: user.email });
  await report(ctx, user, company, 'api_key');
}

/** The company given with --company, if the account belongs to it, else the account's own. */
async function chooseCompany(ctx: Context, user: SessionUser, abandon: () => Promise<void>): Promise<{ guid: string; name: string }> {
  const wanted = ctx.options.company;
  if (!wanted || wanted === user.company.guid) return { guid: user.company.guid, name: user.company.name };
  const found = user.company_list.find((c) => c.guid === wanted);
  if (found) return found;
  await abandon();
  const list = user.company_list.map((c) => `${c.name} (${c.guid})`).join(', ');
  throw new CliError(`This account is not a member of the company ${wanted}.`, {
    hint: list ? `Its companies: ${list}.` : 'Leave out --company to use the account’s own company.',
  });
}

async function save(ctx: Context, credentials: Pick<Config, 'token' | 'token_kind' | 'company' | 'email' | 'device_id'>) {
  await updateConfig((c) => ({ ...c, ...credentials, api_url: ctx.apiUrl }), ctx.io.env);
}

async function report(ctx: Context, user: SessionUser, company: { guid: string; name: string }, credential: 'session' | 'api_key'): Promise<void> {
  if (ctx.options.json) {
    ctx.ui.printJson({ email: user.email, company, api_url: ctx.apiUrl, credential });
    return;
  }
  const what = credential === 'api_key' ? 'Saved the API key for' : 'Signed in as';
  await ctx.ui.renderSuccess(`${what} ${user.email} (${company.name}) at ${ctx.apiUrl}.`);
}

/** Drops the one newline `echo` adds, and nothing else, from a secret read from stdin. */
function stripNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}
