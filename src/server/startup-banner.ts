import type { DemoAccount } from './seed/demo-accounts';

type Env = Record<string, string | undefined>;

/** Where a person on this machine opens the panel: the server's port, `localhost` for a wildcard host. */
export function panelAddress(env: Env): string {
  const host = env.HOST ?? 'localhost';
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${env.PORT ?? '4321'}`;
}

/**
 * The last lines the server prints at start-up: where the panel is, the demo sign-ins, and
 * where the code that a second browser or the CLI is asked for shows up. runtime.ts prints them
 * after the first billing and hosting runs, whose emails would otherwise push them off the
 * screen (issue 26).
 */
export function startupBanner(options: { panel: string; accounts: readonly DemoAccount[]; smtp: boolean }): string[] {
  const { panel, accounts, smtp } = options;
  const width = Math.max(...accounts.map((a) => a.email.length)) + 2;
  return [
    `[hostdeck] ready: the panel is at ${panel}/ and the API at ${panel}/api/`,
    '[hostdeck] demo sign-ins:',
    ...accounts.map((a) => `[hostdeck]   ${a.email.padEnd(width)} ${a.password}   (${a.label})`),
    '[hostdeck] The first browser or CLI an account signs in from needs only the password; any other browser or',
    '[hostdeck] CLI is asked for a 6-digit code sent by email (once; it is then trusted for 60 days):',
    smtp
      ? '[hostdeck] it goes out through SMTP_URL, to the mailbox of the account.'
      : "[hostdeck] with SMTP_URL unset, the email is printed in this log ('[mail] Subject: Your sign-in verification code').",
    `[hostdeck] Type the code in the sign-in page's 'Verification code' field, or run \`npx hostdeck login --code <code>\`.`,
  ];
}
