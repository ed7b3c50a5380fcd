import { EventEmitter } from 'node:events';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../cli/main';
import { confirmTwoFactor, startTwoFactor } from '../../src/lib/requests/two-factor';
import { createApiApp } from '../../src/server/app';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import type { Database } from '../../src/server/db/connection';
import { apiKeys, companies, sessionTokens, trustedDevices, users } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD, PARTNER_COMPANY_NAME, SECOND_COMPANY_NAME } from '../../src/server/seed/demo-accounts';
import { run, tempConfigDir, type RunResult } from '../cli/helpers/run';
import { openSeededApp, type TestApp } from './helpers/app';
import { codeFrom, lastMailTo } from './helpers/mail';
import { until, whenEmitted } from '../helpers/waiting';

/**
 * The CLI's sign-in commands (login, whoami, logout) against the reference API and the seeded
 * demo accounts, in-process. tests/api/cli.test.ts has the plain round trip and the wrong password.
 */
let database: Database;
let t: TestApp;
let configDir: string;
let cleanup: () => Promise<void>;
let partner: { guid: string; name: string };
let second: { guid: string; name: string };

const API = 'http://hostdeck.test/api';
const DEMO = 'demo@hostdeck.test';
const API_USER_EMAIL = 'api-deploy-7f3k@api.hostdeck.test';

/** What reached the API: for checking what the CLI sent, or that it sent nothing. */
let sent: { method: string; path: string; authorization: string | null; company: string | null }[];

/**
 * A fetch that hands requests under API to `app`, with the /api prefix taken off as the
 * panel's server does (src/server/mount.ts). Any other address cannot be reached, as with the
 * real fetch for a host that does not exist.
 */
function fetchVia(app: { fetch(request: Request): Response | Promise<Response> }): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!request.url.startsWith(`${API}/`)) throw new TypeError('fetch failed', { cause: new Error(`getaddrinfo ENOTFOUND ${url.hostname}`) });
    sent.push({ method: request.method, path: url.pathname, authorization: request.headers.get('authorization'), company: request.headers.get('company') });
    url.pathname = url.pathname.slice('/api'.length);
    return app.fetch(new Request(url, request));
  };
}
let toApi: typeof globalThis.fetch;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  toApi = fetchVia(t.app);
  const companyNamed = async (name: string) => (await database.db.select({ guid: companies.guid, name: companies.name }).from(companies).where(eq(companies.name, name)))[0]!;
  partner = await companyNamed(PARTNER_COMPANY_NAME);
  second = await companyNamed(SECOND_COMPANY_NAME);
});
afterAll(() => database.close());
beforeEach(async () => {
  ({ dir: configDir, cleanup } = await tempConfigDir());
  sent = [];
  // Each test runs on a computer of its own (its config folder holds the device id). As in the
  // seed, no account knows a device yet, so a test's first sign-in has no second step: it
  // makes that computer the account's first, trusted one (docs/decisions.md, Sign-in steps).
  await database.db.delete(trustedDevices);
});
afterEach(() => cleanup());

const cli = (argv: string[], stdin?: string, env: Record<string, string> = {}) => run(argv, { configDir, fetch: toApi, ...(stdin === undefined ? {} : { stdin }), env });
const readSaved = async () => JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8')) as Record<string, unknown>;
/** `echo "$PASSWORD" | hostdeck login --email … --password-stdin`, newline included. */
const signIn = (email = DEMO) => cli(['--api-url', API, 'login', '--email', email, '--password-stdin'], `${DEMO_PASSWORD}\n`);
const whoamiStatus = async (token: string) => (await t.call('GET', '/account/whoami/', { token })).status;

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function userGuid(email: string): Promise<string> {
  const [user] = await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, email));
  return user!.guid;
}

/** The sign-in sessions of an account that still work. */
async function liveSessions(email: string): Promise<number> {
  const rows = await database.db
    .select({ guid: sessionTokens.guid })
    .from(sessionTokens)
    .where(and(eq(sessionTokens.userGuid, await userGuid(email)), eq(sessionTokens.kind, 'SESSION'), isNull(sessionTokens.revokedAt)));
  return rows.length;
}

/** A token for the seeded API key of the partner company (the seed stores no token in clear). */
async function issueApiKey(): Promise<string> {
  const token = newToken();
  await database.db.insert(sessionTokens).values({ userGuid: await userGuid(API_USER_EMAIL), tokenHash: hashToken(token), kind: 'API_KEY', companyGuid: partner.guid });
  return token;
}

/**
 * Runs `check` while the seeded API key (the one `issueApiKey` issues tokens of) is past its
 * expiry date, then gives it back its own, so the other tests keep a working key.
 */
async function expireApiKey(check: () => Promise<void>): Promise<void> {
  const owner = eq(apiKeys.userGuid, await userGuid(API_USER_EMAIL));
  const [{ dateExpires } = { dateExpires: null }] = await database.db.select({ dateExpires: apiKeys.dateExpires }).from(apiKeys).where(owner);
  await database.db
    .update(apiKeys)
    .set({ dateExpires: new Date(t.deps.now().getTime() - 60_000) })
    .where(owner);
  try {
    await check();
  } finally {
    await database.db.update(apiKeys).set({ dateExpires }).where(owner);
  }
}

/** What to do about an expired key: make a new one on the panel's API keys page and save it. */
const EXPIRED_HINT = 'Create a new one in the panel (http://hostdeck.test/company/api) and save it with `hostdeck login --token-stdin`, or sign in with `hostdeck login`.';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/** A terminal's keyboard, as Ink reads it: raw mode, and keys on 'readable'. */
class Keyboard extends EventEmitter {
  readonly isTTY = true;
  private readonly pending: string[] = [];
  type(keys: string) {
    this.pending.push(keys);
    this.emit('readable');
  }
  read(): string | null {
    return this.pending.shift() ?? null;
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

/** A terminal's screen: says `shown` after each write, so a test waits for what it draws. */
class Screen extends Capture {
  readonly isTTY = true;
  readonly columns = 100;
  readonly rows = 40;
  override _write(chunk: Buffer | string, encoding: BufferEncoding, done: () => void) {
    super._write(chunk, encoding, () => {
      this.emit('shown');
      done();
    });
  }
}

/**
 * Runs the CLI on a terminal (stdin and stderr are TTYs), so it prompts; `session` answers the
 * prompts with `ask(label, answer)`: it waits for the question on the screen, then types.
 */
async function inTerminal(argv: string[], session: (ask: (label: string, answer: string) => Promise<void>) => Promise<void>): Promise<RunResult> {
  const keyboard = new Keyboard();
  const screen = new Screen();
  const stdout = new Capture();
  const running = runCli(argv, {
    stdin: keyboard as unknown as NodeJS.ReadableStream & { isTTY: boolean },
    stdout,
    stderr: screen,
    // CI: no spinner animation between the prompts.
    env: { HOSTDECK_CONFIG_DIR: configDir, CI: '1' },
    fetch: toApi,
  });
  let seen = 0;
  const shows = (what: string, check: () => boolean) =>
    whenEmitted(
      what,
      screen,
      'shown',
      () => (check() ? true : undefined),
      () => stripVTControlCharacters(screen.text.slice(seen)),
      t.signal,
    );
  const ask = async (label: string, answer: string) => {
    await shows(`the question "${label}:"`, () => stripVTControlCharacters(screen.text.slice(seen)).includes(`${label}:`));
    seen = screen.text.length;
    keyboard.type(answer);
    await shows(`the answer to "${label}" typed`, () => screen.text.length > seen);
    keyboard.type('\r');
  };
  try {
    await session(ask);
  } catch (error) {
    keyboard.type('\x03'); // Ctrl+C ends the prompt that is waiting, so the run ends too.
    await running;
    throw error;
  }
  const code = await running;
  return { code, stdout: stdout.text, stderr: stripVTControlCharacters(screen.text) };
}

describe('hostdeck login', () => {
  it('signs in with --email and --password-stdin and saves token and company in a private file', async () => {
    const result = await signIn();
    expect(result.stderr).toContain(`Signed in as ${DEMO} (${partner.name})`);
    expect(result.code).toBe(0);

    const saved = await readSaved();
    expect(saved).toMatchObject({ token_kind: 'session', company: partner.guid, api_url: API, email: DEMO });
    expect(await whoamiStatus(saved.token as string)).toBe(200);
    expect(typeof saved.device_id).toBe('string');
    expect((await stat(join(configDir, 'config.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(configDir)).mode & 0o777).toBe(0o700);
    // The write is atomic: nothing but the config is left in the folder.
    expect(await readdir(configDir)).toEqual(['config.json']);

    // The newline that echo adds was not sent as part of the password (the server took it), and
    // the device id went as the fingerprint: the server now knows this computer, and no other.
    const again = (fingerprint: string) => t.call('POST', '/auth/login/', { body: { email: DEMO, password: DEMO_PASSWORD, fingerprint } }).then((r) => r.json());
    expect(await again(saved.device_id as string)).toMatchObject({ token: expect.any(String) });
    expect(await again('another-computer')).toMatchObject({ verification: 'device' });
  });

  it('checks the input with the shared login schema before sending it', async () => {
    const noEmail = await cli(['--api-url', API, 'login', '--email', '', '--password-stdin'], 'secret\n');
    expect(noEmail.stderr).toContain('Please enter your email address!');
    expect(noEmail.code).toBe(1);

    const noPassword = await cli(['--api-url', API, 'login', '--email', DEMO, '--password-stdin'], '\n');
    expect(noPassword.stderr).toContain('Please enter your password!');
    expect(noPassword.code).toBe(1);
    expect(sent).toHaveLength(0);
  });

  describe('with two-factor authentication on', () => {
    const email = 'staff@hostdeck.test';
    let secret: string;
    let backupCodes: string[];
    /** The authenticator app's code, one 30-second step after the last one used. */
    const nextTotp = () => {
      t.advance(30_000);
      return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.deps.now().getTime() });
    };
    const login = (code?: string) => cli(['--api-url', API, 'login', '--email', email, '--password-stdin', ...(code === undefined ? [] : ['--code', code])], DEMO_PASSWORD);

    beforeAll(async () => {
      const api = t.client(await t.signIn(email));
      const started = await startTwoFactor(api);
      secret = started.secret;
      ({ codes: backupCodes } = await confirmTwoFactor(api, started.guid, TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.deps.now().getTime() })));
    });

    it('explains that the second step needs --code, a terminal or an API key', async () => {
      const result = await login();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("This account needs the panel's second sign-in step (a two-factor code)");
      expect(result.stderr).toContain('--code');
      expect(result.stderr).toContain('hostdeck login --token-stdin');
      expect((await readSaved()).token).toBeUndefined();
    });

    it("finishes the sign-in with --code, and shows the server's sentence for a wrong one", async () => {
      const code = nextTotp();
      const wrong = await login(code === '000000' ? '111111' : '000000');
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('The code is not correct. Please try again.');
      expect((await readSaved()).token).toBeUndefined();

      const ok = await login(`${code.slice(0, 3)} ${code.slice(3)}`);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr).toContain(`Signed in as ${email}`);
      const saved = await readSaved();
      expect(await whoamiStatus(saved.token as string)).toBe(200);
    });

    it('takes a backup code with --code, in any case and with spaces', async () => {
      const code = backupCodes[0]!;
      const ok = await login(`${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`);
      expect(ok.code, ok.stderr).toBe(0);
      expect(await whoamiStatus((await readSaved()).token as string)).toBe(200);
      // Used once.
      const again = await login(code);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('The code is not correct. Please try again.');
    });
  });

  describe('on a computer the account does not know', () => {
    const email = 'bluebird@hostdeck.test';
    /** Signs in from another computer first, so that this test's one is not the first. */
    const knownElsewhere = async () => {
      const other = await tempConfigDir();
      try {
        const first = await run(['--api-url', API, 'login', '--email', email, '--password-stdin'], { configDir: other.dir, fetch: toApi, stdin: DEMO_PASSWORD });
        expect(first.code, first.stderr).toBe(0);
      } finally {
        await other.cleanup();
      }
    };

    it('says that the emailed code needs a terminal, when there is none', async () => {
      await knownElsewhere();
      const result = await cli(['--api-url', API, 'login', '--email', email, '--password-stdin'], DEMO_PASSWORD);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("This account needs the panel's second sign-in step (a confirmation of this device by email).");
      expect(result.stderr).toContain('Run `hostdeck login` in a terminal to type the emailed code');
      expect((await readSaved()).token).toBeUndefined();
    });

    it('lets a script finish with the emailed code in a second call, then trusts this computer', async () => {
      await knownElsewhere();
      const mails = t.outbox.length;
      const first = await cli(['--api-url', API, 'login', '--email', email, '--password-stdin'], DEMO_PASSWORD);
      expect(first.code).toBe(1);
      expect(first.stderr).toContain(`hostdeck login --code <code>\` and the code emailed to ${email}`);
      expect(first.stderr).toContain('hostdeck login --token-stdin');
      expect(t.outbox.length).toBeGreaterThan(mails);

      const wrong = await cli(['--api-url', API, 'login', '--code', '000000']);
      expect(wrong.code).toBe(1);
      expect((await readSaved()).token).toBeUndefined();

      const second = await cli(['--api-url', API, 'login', '--code', codeFrom(lastMailTo(t, email).text)]);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toContain(`Signed in as ${email}`);
      const saved = await readSaved();
      expect(saved).not.toHaveProperty('pending_login');
      expect(await whoamiStatus(saved.token as string)).toBe(200);

      // Trusted now: the next sign-in from this computer needs no code.
      const again = await cli(['--api-url', API, 'login', '--email', email, '--password-stdin'], DEMO_PASSWORD);
      expect(again.code, again.stderr).toBe(0);
    });

    it('finishes with --code in a second call when --api-url is the panel’s address (issue 26)', async () => {
      await knownElsewhere();
      const panel = 'http://hostdeck.test';
      // The panel answers its pages; the API is under /api, as the panel's server mounts it.
      const panelAndApi: typeof globalThis.fetch = async (input, init) => {
        const request = new Request(input, init);
        if (request.url.startsWith(`${API}/`)) return toApi(request);
        return new Response('<!DOCTYPE html><title>Hostdeck</title>', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
      };
      const viaPanel = (argv: string[], stdin?: string) => run(['--api-url', panel, ...argv], { configDir, fetch: panelAndApi, ...(stdin === undefined ? {} : { stdin }) });

      const first = await viaPanel(['login', '--email', email, '--password-stdin'], DEMO_PASSWORD);
      expect(first.code).toBe(1);
      expect(first.stderr).toContain('hostdeck login --code <code>');
      const finished = await viaPanel(['login', '--code', codeFrom(lastMailTo(t, email).text)]);
      expect(finished.stderr).not.toContain('No sign-in here is waiting for a code.');
      expect(finished.code, finished.stderr).toBe(0);
      expect(finished.stderr).toContain(`Signed in as ${email} (${second.name}) at ${API}.`);
      const saved = await readSaved();
      expect(saved).toMatchObject({ api_url: API, token_kind: 'session' });
      expect(saved).not.toHaveProperty('pending_login');
      expect(await whoamiStatus(saved.token as string)).toBe(200);
    });

    it('says so when --code alone has no sign-in waiting for it (exit 2)', async () => {
      const result = await cli(['--api-url', API, 'login', '--code', '123456']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('No sign-in here is waiting for a code.');
    });

    it('asks in a terminal for the code emailed to the person, then trusts this computer', async () => {
      await knownElsewhere();
      const mails = t.outbox.length;
      const result = await inTerminal(['--api-url', API, 'login'], async (ask) => {
        await ask('Email', email);
        await ask('Password', DEMO_PASSWORD);
        await until(
          'the email with the sign-in code',
          async () => t.outbox.length,
          (sent) => sent > mails,
          t.signal,
        );
        await ask('Code from the email we just sent', codeFrom(lastMailTo(t, email).text));
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(`Signed in as ${email} (${second.name})`);
      // The password never shows on the screen.
      expect(result.stderr).not.toContain(DEMO_PASSWORD);
      expect(await whoamiStatus((await readSaved()).token as string)).toBe(200);

      // Trusted for 60 days: the next sign-in from here needs no code, even from a script.
      const again = await cli(['--api-url', API, 'login', '--email', email, '--password-stdin'], DEMO_PASSWORD);
      expect(again.code, again.stderr).toBe(0);
    });
  });

  it('does not prompt without a terminal and says how to sign in from a script (exit 2)', async () => {
    const result = await cli(['--api-url', API, 'login']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs a terminal');
    expect(result.stderr).toContain('--password-stdin');
  });

  it('does not prompt with --no-input (exit 2)', async () => {
    const result = await cli(['--no-input', '--api-url', API, 'login']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('does not ask for your email and password with --no-input');
  });

  it('refuses conflicting options as a usage error', async () => {
    const both = await cli(['login', '--token', 'some-key', '--email', DEMO]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('leave out --email');

    const stdinOnly = await cli(['login', '--password-stdin'], 'x');
    expect(stdinOnly.code).toBe(2);
    expect(stdinOnly.stderr).toContain('--password-stdin needs --email');
  });

  it('saves the company given with --company when the account belongs to it', async () => {
    const result = await cli(['--api-url', API, '--company', second.guid, 'login', '--email', DEMO, '--password-stdin'], DEMO_PASSWORD);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Signed in as ${DEMO} (${second.name})`);
    expect((await readSaved()).company).toBe(second.guid);
  });

  it('refuses a company the account does not belong to and ends the session it opened', async () => {
    const before = await liveSessions(DEMO);
    const result = await cli(['--api-url', API, '--company', 'not-mine', 'login', '--email', DEMO, '--password-stdin'], DEMO_PASSWORD);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not a member of the company not-mine');
    expect(result.stderr).toContain(`${second.name} (${second.guid})`);
    expect(sent.map((r) => r.path)).toEqual(['/api/auth/login/', '/api/auth/logout/']);
    expect(await liveSessions(DEMO)).toBe(before);
    expect((await readSaved()).token).toBeUndefined();
  });

  it('--json prints the signed-in account as JSON on stdout', async () => {
    const result = await cli(['--api-url', API, '--json', 'login', '--email', DEMO, '--password-stdin'], DEMO_PASSWORD);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ email: DEMO, company: partner, api_url: API, credential: 'session' });
  });

  it('says clearly when the API cannot be reached', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/api`;
    // The real fetch, so that the connection is really refused.
    const result = await run(['--api-url', url, 'login', '--email', DEMO, '--password-stdin'], { configDir, stdin: DEMO_PASSWORD });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Could not reach ${url}/auth/login/. Check the address and your connection, then try again.`);
    expect(result.stderr).toContain('the --api-url option');
  });

  it('refuses an API URL that is not http(s) as a usage error', async () => {
    const result = await cli(['--api-url', 'localhost:4321', 'whoami']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The API URL must start with http:// or https://');
  });
});

describe('hostdeck login --token', () => {
  it('checks the API key with whoami and saves it', async () => {
    const key = await issueApiKey();
    const result = await cli(['--api-url', API, 'login', '--token', key]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Saved the API key for ${API_USER_EMAIL} (${partner.name})`);
    expect(await readSaved()).toMatchObject({ token: key, token_kind: 'api_key', company: partner.guid, api_url: API });
    expect(sent).toEqual([{ method: 'GET', path: '/api/account/whoami/', authorization: `Token ${key}`, company: null }]);

    const who = await cli(['whoami']);
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toMatch(/Name\s+Deploy script\n/);
    expect(who.stdout).toMatch(/Account type\s+API user/);
    expect(who.stdout).toMatch(/Signed in\s+with an API key/);
  });

  it('says that the API key has expired, rather than that it may be mistyped (issue 32)', async () => {
    const key = await issueApiKey();
    await expireApiKey(async () => {
      const result = await cli(['--api-url', API, 'login', '--token-stdin'], `${key}\n`);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Error: This API key has expired.\n${EXPIRED_HINT}\n`);
      expect(await readdir(configDir)).toEqual([]);
    });
  });

  it('reads the key from stdin with --token-stdin and refuses a wrong one', async () => {
    const wrong = await cli(['--api-url', API, 'login', '--token-stdin'], 'nope\n');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The API key was not accepted.');
    expect(wrong.stderr).toContain('Check that you copied the whole key');
    // The server's 401 sentence speaks of a session, which an API key never was.
    expect(wrong.stderr).not.toContain('session');
    await expect(stat(join(configDir, 'config.json'))).rejects.toThrow();

    const key = await issueApiKey();
    const right = await cli(['--api-url', API, 'login', '--token-stdin'], `${key}\n`);
    expect(right.code, right.stderr).toBe(0);
    expect((await readSaved()).token).toBe(key);
  });
});

describe('hostdeck whoami', () => {
  it('--json prints the whoami user as JSON', async () => {
    await signIn();
    const { token } = await readSaved();
    const result = await cli(['whoami', '--json']);
    expect(result.code).toBe(0);
    const user = JSON.parse(result.stdout) as { email: string; company: { guid: string } };
    expect(user.email).toBe(DEMO);
    expect(user.company.guid).toBe(partner.guid);
    // Saved credentials go with every request: the token and the company.
    expect(sent.at(-1)).toMatchObject({ path: '/api/account/whoami/', authorization: `Token ${token as string}`, company: partner.guid });
  });

  it('prints name, email, company and account type', async () => {
    await signIn();
    const result = await cli(['whoami']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Name\s+Dana Demo/);
    expect(result.stdout).toMatch(new RegExp(`Email\\s+${DEMO}`));
    expect(result.stdout).toMatch(new RegExp(`Company\\s+${partner.name} \\(${partner.guid}\\)`));
    expect(result.stdout).toMatch(/Account type\s+Owner/);
    expect(result.stdout).toMatch(new RegExp(`Signed in\\s+with a password at ${API}`));
    expect(result.stderr).toBe('');
  });

  it('says to run hostdeck login when signed out, and exits 1', async () => {
    const result = await cli(['whoami']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('You are not signed in. Run `hostdeck login`.');
    expect(sent).toHaveLength(0);
  });

  it('says to run hostdeck login when the saved session has ended on the server', async () => {
    await signIn();
    // Ended elsewhere (the token signed out through the API).
    expect((await t.call('POST', '/auth/logout/', { token: (await readSaved()).token as string })).status).toBe(200);
    const result = await cli(['whoami']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('You are not signed in. Run `hostdeck login`.');
    expect(result.stderr).toContain('Your session has ended. Please sign in again.');
  });

  it('says that a saved API key was refused, not that a session ended, once the key is deleted', async () => {
    const key = await issueApiKey();
    expect((await cli(['--api-url', API, 'login', '--token', key])).code).toBe(0);
    await database.db
      .update(sessionTokens)
      .set({ revokedAt: new Date() })
      .where(eq(sessionTokens.tokenHash, hashToken(key)));
    const result = await cli(['whoami']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Error: The saved API key was not accepted.\nIt may have been deleted in the panel. Save a new one with `hostdeck login --token-stdin`, or sign in with `hostdeck login`.\n',
    );
  });

  it('says that a saved API key has expired when the API refuses it for that (issue 32)', async () => {
    const key = await issueApiKey();
    expect((await cli(['--api-url', API, 'login', '--token', key])).code).toBe(0);
    await expireApiKey(async () => {
      const result = await cli(['whoami']);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`Error: The saved API key has expired.\n${EXPIRED_HINT}\n`);
      expect(result.stderr).not.toContain('deleted');
    });
  });

  it('never sends the saved token to another API', async () => {
    await signIn();
    const other = 'http://elsewhere.test/api';
    const result = await cli(['whoami'], undefined, { HOSTDECK_API_URL: other });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('You are not signed in');
    expect(result.stderr).toContain(`You are signed in to ${API}, but this run uses ${other} (from HOSTDECK_API_URL)`);
    expect(sent.map((r) => r.path)).toEqual(['/api/auth/login/']);
  });

  it('acts for the company given with --company', async () => {
    await signIn();
    const result = await cli(['--company', second.guid, 'whoami', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(sent.at(-1)?.company).toBe(second.guid);
    const user = JSON.parse(result.stdout) as { company: { name: string; account_type: string } };
    expect(user.company).toMatchObject({ name: second.name, account_type: 'STAFF' });
  });

  it("prints the server's sentence for a company the account is not in", async () => {
    await signIn('customer@hostdeck.test');
    const result = await cli(['--company', second.guid, 'whoami']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Error: You are not a member of this company.\n');
  });
});

describe('hostdeck logout', () => {
  it('ends the session on the server and forgets the credentials; running it again is fine', async () => {
    await signIn();
    const { token } = await readSaved();
    const before = await liveSessions(DEMO);
    const result = await cli(['logout']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Signed out of ${API}.`);
    expect(await liveSessions(DEMO)).toBe(before - 1);
    expect(await whoamiStatus(token as string)).toBe(401);
    const saved = await readSaved();
    expect(saved.token).toBeUndefined();
    expect(saved.company).toBeUndefined();
    // Kept for the next login.
    expect(saved).toMatchObject({ api_url: API, email: DEMO });

    const again = await cli(['logout']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('You are not signed in.');

    const who = await cli(['whoami']);
    expect(who.code).toBe(1);
  });

  it('forgets the credentials even when the server answers 401', async () => {
    await signIn();
    expect((await t.call('POST', '/auth/logout/', { token: (await readSaved()).token as string })).status).toBe(200);
    const result = await cli(['logout']);
    expect(result.code).toBe(0);
    expect(sent.at(-1)?.path).toBe('/api/auth/logout/');
    expect(result.stderr).not.toContain('Warning');
    expect((await readSaved()).token).toBeUndefined();
  });

  it('forgets the credentials when the server cannot be reached, with a warning', async () => {
    await signIn();
    const saved = await readSaved();
    await writeFile(join(configDir, 'config.json'), JSON.stringify({ ...saved, api_url: `http://127.0.0.1:${await closedPort()}/api` }));
    const result = await run(['logout'], { configDir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('The server could not be told: Could not reach');
    expect((await readSaved()).token).toBeUndefined();
  });

  it('does not call the server for an API key, which keeps working', async () => {
    const key = await issueApiKey();
    await cli(['--api-url', API, 'login', '--token', key]);
    const before = sent.length;
    const result = await cli(['logout', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ signed_out: true, was_signed_in: true });
    expect(sent).toHaveLength(before);
    expect((await readSaved()).token).toBeUndefined();
    expect(await whoamiStatus(key)).toBe(200);
  });
});

describe('hostdeck (program)', () => {
  it('answers an unknown option with a usage error (exit 2)', async () => {
    const result = await cli(['whoami', '--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--bogus'");
  });

  it('prints its version', async () => {
    const result = await cli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('takes the API URL from HOSTDECK_API_URL', async () => {
    const result = await cli(['login', '--email', DEMO, '--password-stdin'], DEMO_PASSWORD, { HOSTDECK_API_URL: `${API}/` });
    expect(result.code, result.stderr).toBe(0);
    expect((await readSaved()).api_url).toBe(API);
  });

  it('shows the server’s sentence for a server error', async () => {
    await signIn();
    // The same API whose database cannot be opened: it answers 500 and logs the failure.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = createApiApp(() => Promise.reject(new Error('the database cannot be opened')));
      const result = await run(['whoami'], { configDir, fetch: fetchVia(broken) });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Error: Something went wrong on our side\. Please try again later; if it keeps happening, tell support the reference [0-9a-f-]{36}\.\n$/);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('reports an answer it cannot understand as a bug, not as the person’s mistake', async () => {
    await signIn();
    // The server's own answer, without the company the CLI needs.
    const odd = fetchVia({
      async fetch(request) {
        const answer = (await (await t.app.fetch(request)).json()) as { user: Record<string, unknown> };
        delete answer.user.company;
        return Response.json(answer);
      },
    });
    const result = await run(['whoami'], { configDir, fetch: odd });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unexpected error:');
    expect(result.stderr).toContain('This is a bug in hostdeck.');
  });

  it('says how to fix a damaged config file', async () => {
    await writeFile(join(configDir, 'config.json'), '{ not json');
    const result = await cli(['whoami']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is damaged');
    expect(result.stderr).toContain('Delete it and run `hostdeck login` again.');
  });
});
