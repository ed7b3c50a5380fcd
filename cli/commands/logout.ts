import type { Command } from 'commander';
import { z } from 'zod';
import { logout as requestLogout } from '../../src/lib/requests/auth';
import { UnauthorizedError, errorMessages } from '../../src/lib/errors';
import { clearCredentials } from '../config';
import type { Context, Runner } from '../context';

export const logoutOptionsSchema = z.object({});

export function registerLogout(program: Command, run: Runner): void {
  program.command('logout').description('sign out and forget the saved credentials (safe to run twice)').action(run(logoutOptionsSchema, logout));
}

export async function logout(ctx: Context): Promise<void> {
  const { token, token_kind: kind, api_url: apiUrl } = ctx.config;
  if (!token) {
    if (ctx.options.json) ctx.ui.printJson({ signed_out: true, was_signed_in: false });
    else await ctx.ui.renderInfo('You are not signed in.');
    return;
  }

  // Only a session can be ended on the server. An API key is a company's credential that
  // others may use too, so signing out only forgets it here.
  let unreported: string | undefined;
  if (kind !== 'api_key' && apiUrl) {
    try {
      // To the API that issued the token, whatever --api-url says this time.
      await ctx.ui.withSpinner('Signing out…', requestLogout(ctx.api({ token, company: null }, apiUrl)));
    } catch (error) {
      // 401: the session had already ended, which is what we wanted.
      if (!(error instanceof UnauthorizedError)) unreported = errorMessages(error).join(' ');
    }
  }
  await clearCredentials(ctx.io.env);

  if (ctx.options.json) {
    ctx.ui.printJson({ signed_out: true, was_signed_in: true, api_url: apiUrl ?? null });
  } else if (kind === 'api_key') {
    await ctx.ui.renderSuccess('Removed the API key from this computer.', 'The key itself stays valid until it is deleted in the panel.');
  } else {
    await ctx.ui.renderSuccess(`Signed out of ${apiUrl ?? 'the API'}.`);
  }
  if (unreported) {
    await ctx.ui.renderWarning(`The server could not be told: ${unreported}`, 'The credentials are gone from this computer; the session on the server ends when it expires.');
  }
}
