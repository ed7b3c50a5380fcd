import type { Command } from 'commander';
import { z } from 'zod';
import type { SessionUser } from '../../src/lib/api/auth';
import { whoami as requestWhoami } from '../../src/lib/requests/auth';
import { normaliseUrl, type Context, type Runner } from '../context';
import { CliError, SIGNED_OUT_MESSAGE } from '../errors';

export const whoamiOptionsSchema = z.object({});

export function registerWhoami(program: Command, run: Runner): void {
  program.command('whoami').description('show who you are signed in as, and for which company').action(run(whoamiOptionsSchema, whoami));
}

export async function whoami(ctx: Context): Promise<void> {
  const credentials = ctx.savedCredentials();
  if (!credentials) throw notSignedIn(ctx);
  const { user } = await ctx.ui.withSpinner('Checking your account…', requestWhoami(ctx.api(credentials)));
  if (ctx.options.json) {
    ctx.ui.printJson(user);
    return;
  }
  const how = ctx.config.token_kind === 'api_key' ? 'with an API key' : 'with a password';
  const rows: [string, string][] = [
    ['Name', `${user.first_name} ${user.last_name}`.trim() || '(no name)'],
    ['Email', user.email],
    ['Company', `${user.company.name} (${user.company.guid})`],
    ['Account type', accountType(user)],
    ['Signed in', `${how} at ${ctx.apiUrl}`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  for (const [label, value] of rows) ctx.ui.printData(`${label.padEnd(width)}${value}`);
}

const ACCOUNT_TYPES: Record<string, string> = {
  OWNER: 'Owner',
  ADMIN: 'Administrator',
  STAFF: 'Staff',
  CUSTOMER: 'Customer',
  API_USER: 'API user',
};

/** The company role when the API tells it, else the two kinds of user the panel knows. */
function accountType(user: SessionUser): string {
  const raw = user.company.account_type;
  if (raw) return ACCOUNT_TYPES[raw] ?? raw.charAt(0) + raw.slice(1).toLowerCase().replaceAll('_', ' ');
  return user.is_customer ? 'Customer' : 'Staff';
}

/** Signed out, or signed in to another API than the one this run talks to. */
export function notSignedIn(ctx: Context): CliError {
  const saved = ctx.config.api_url;
  if (ctx.config.token && saved && normaliseUrl(saved) !== ctx.apiUrl) {
    return new CliError(SIGNED_OUT_MESSAGE, {
      hint: `You are signed in to ${saved}, but this run uses ${ctx.apiUrl} (from ${ctx.apiUrlSource}).`,
    });
  }
  return new CliError(SIGNED_OUT_MESSAGE);
}
