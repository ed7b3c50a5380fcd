import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACME, API_KEY, GLOBEX, JANE, TWO_FACTOR, createFakeApi, type FakeApi } from './helpers/fake-api';
import { run, tempConfigDir } from './helpers/run';

const API = 'http://api.test/api';

let configDir: string;
let cleanup: () => Promise<void>;
let api: FakeApi;

beforeEach(async () => {
  ({ dir: configDir, cleanup } = await tempConfigDir());
  api = createFakeApi(API);
});
afterEach(async () => {
  await cleanup();
});

const cli = (argv: string[], stdin?: string, env: Record<string, string> = {}) =>
  run(argv, { configDir, fetch: api.fetch, ...(stdin === undefined ? {} : { stdin }), env });
const readSaved = async () => JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8')) as Record<string, unknown>;
const signIn = () => cli(['--api-url', API, 'login', '--email', JANE.email, '--password-stdin'], `${JANE.password}\n`);

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('hostdeck login', () => {
  it('signs in with --email and --password-stdin and saves token and company in a private file', async () => {
    const result = await signIn();
    expect(result.stderr).toContain(`Signed in as ${JANE.email} (${ACME.name})`);
    expect(result.code).toBe(0);

    const saved = await readSaved();
    expect(saved).toMatchObject({ token: 'session-1', token_kind: 'session', company: ACME.guid, api_url: API, email: JANE.email });
    expect(typeof saved.device_id).toBe('string');
    expect((await stat(join(configDir, 'config.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(configDir)).mode & 0o777).toBe(0o700);
    // The write is atomic: nothing but the config is left in the folder.
    expect(await readdir(configDir)).toEqual(['config.json']);

    const login = api.requests.find((r) => r.path === '/api/auth/login/');
    // The newline that echo adds is not part of the password; the device id is the fingerprint.
    expect(login?.body).toMatchObject({ email: JANE.email, password: JANE.password, fingerprint: saved.device_id });
  });

  it('prints the server’s sentence for a wrong password, exits 1 and saves no token', async () => {
    const result = await cli(['--api-url', API, 'login', '--email', JANE.email, '--password-stdin'], 'wrong\n');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unable to log in with provided credentials.');
    expect(result.stdout).toBe('');
    expect((await readSaved()).token).toBeUndefined();
  });

  it('checks the input with the shared login schema before sending it', async () => {
    const noEmail = await cli(['--api-url', API, 'login', '--email', '', '--password-stdin'], 'secret\n');
    expect(noEmail.stderr).toContain('Please enter your email address!');
    expect(noEmail.code).toBe(1);

    const noPassword = await cli(['--api-url', API, 'login', '--email', JANE.email, '--password-stdin'], '\n');
    expect(noPassword.stderr).toContain('Please enter your password!');
    expect(noPassword.code).toBe(1);
    expect(api.requests).toHaveLength(0);
  });

  it('explains that an account with a second sign-in step cannot finish here', async () => {
    const result = await cli(['--api-url', API, 'login', '--email', TWO_FACTOR.email, '--password-stdin'], TWO_FACTOR.password);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("This account needs the panel's second sign-in step (a two-factor code)");
    expect(result.stderr).toContain('hostdeck login --token-stdin');
    expect((await readSaved()).token).toBeUndefined();
  });

  it('finishes a 2FA sign-in with --code, and shows the server\'s sentence for a wrong one', async () => {
    const wrong = await cli(['--api-url', API, 'login', '--email', TWO_FACTOR.email, '--password-stdin', '--code', '000000'], TWO_FACTOR.password);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The code is not correct. Please try again.');
    const ok = await cli(['--api-url', API, 'login', '--email', TWO_FACTOR.email, '--password-stdin', '--code', '123 456'], TWO_FACTOR.password);
    expect(ok.code, ok.stderr).toBe(0);
    expect((await readSaved()).token).toMatch(/^session-/);
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
    const both = await cli(['login', '--token', API_KEY, '--email', JANE.email]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('leave out --email');

    const stdinOnly = await cli(['login', '--password-stdin'], 'x');
    expect(stdinOnly.code).toBe(2);
    expect(stdinOnly.stderr).toContain('--password-stdin needs --email');
  });

  it('saves the company given with --company when the account belongs to it', async () => {
    const result = await cli(['--api-url', API, '--company', GLOBEX.guid, 'login', '--email', JANE.email, '--password-stdin'], JANE.password);
    expect(result.code).toBe(0);
    expect((await readSaved()).company).toBe(GLOBEX.guid);
  });

  it('refuses a company the account does not belong to and ends the session it opened', async () => {
    const result = await cli(['--api-url', API, '--company', 'not-mine', 'login', '--email', JANE.email, '--password-stdin'], JANE.password);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not a member of the company not-mine');
    expect(result.stderr).toContain(GLOBEX.name);
    expect(api.sessions.size).toBe(0);
    expect((await readSaved()).token).toBeUndefined();
  });

  it('--json prints the signed-in account as JSON on stdout', async () => {
    const result = await cli(['--api-url', API, '--json', 'login', '--email', JANE.email, '--password-stdin'], JANE.password);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ email: JANE.email, company: ACME, api_url: API, credential: 'session' });
  });

  it('says clearly when the API cannot be reached', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/api`;
    // The real fetch, so that the connection is really refused.
    const result = await run(['--api-url', url, 'login', '--email', JANE.email, '--password-stdin'], { configDir, stdin: JANE.password });
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
    const result = await cli(['--api-url', API, 'login', '--token', API_KEY]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Saved the API key for api-user@acme.example');
    expect(await readSaved()).toMatchObject({ token: API_KEY, token_kind: 'api_key', company: ACME.guid, api_url: API });
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/api/account/whoami/', authorization: `Token ${API_KEY}` });

    const who = await cli(['whoami']);
    expect(who.stdout).toMatch(/Account type\s+API user/);
    expect(who.stdout).toMatch(/Signed in\s+with an API key/);
  });

  it('reads the key from stdin with --token-stdin and refuses a wrong one', async () => {
    const wrong = await cli(['--api-url', API, 'login', '--token-stdin'], 'nope\n');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The API key was not accepted.');
    await expect(stat(join(configDir, 'config.json'))).rejects.toThrow();

    const right = await cli(['--api-url', API, 'login', '--token-stdin'], `${API_KEY}\n`);
    expect(right.code).toBe(0);
    expect((await readSaved()).token).toBe(API_KEY);
  });
});

describe('hostdeck whoami', () => {
  it('--json prints the whoami user as JSON', async () => {
    await signIn();
    const result = await cli(['whoami', '--json']);
    expect(result.code).toBe(0);
    const user = JSON.parse(result.stdout) as { email: string; company: { guid: string } };
    expect(user.email).toBe(JANE.email);
    expect(user.company.guid).toBe(ACME.guid);
    // Saved credentials go with every request: the token and the company.
    expect(api.requests.at(-1)).toMatchObject({ authorization: 'Token session-1', company: ACME.guid });
  });

  it('prints name, email, company and account type', async () => {
    await signIn();
    const result = await cli(['whoami']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Name\s+Jane Doe/);
    expect(result.stdout).toMatch(new RegExp(`Email\\s+${JANE.email}`));
    expect(result.stdout).toMatch(new RegExp(`Company\\s+${ACME.name} \\(${ACME.guid}\\)`));
    expect(result.stdout).toMatch(/Account type\s+Owner/);
    expect(result.stderr).toBe('');
  });

  it('says to run hostdeck login when signed out, and exits 1', async () => {
    const result = await cli(['whoami']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('You are not signed in. Run `hostdeck login`.');
    expect(api.requests).toHaveLength(0);
  });

  it('says to run hostdeck login when the saved session has ended on the server', async () => {
    await signIn();
    api.sessions.clear();
    const result = await cli(['whoami']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('You are not signed in. Run `hostdeck login`.');
  });

  it('never sends the saved token to another API', async () => {
    await signIn();
    const other = 'http://elsewhere.test/api';
    const result = await cli(['whoami'], undefined, { HOSTDECK_API_URL: other });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('You are not signed in');
    expect(result.stderr).toContain(`You are signed in to ${API}, but this run uses ${other} (from HOSTDECK_API_URL)`);
    expect(api.requests.filter((r) => r.path !== '/api/auth/login/')).toHaveLength(0);
  });

  it('acts for the company given with --company', async () => {
    await signIn();
    const result = await cli(['--company', GLOBEX.guid, 'whoami', '--json']);
    expect(api.requests.at(-1)?.company).toBe(GLOBEX.guid);
    expect((JSON.parse(result.stdout) as { company: { name: string } }).company.name).toBe(GLOBEX.name);
  });
});

describe('hostdeck logout', () => {
  it('ends the session on the server and forgets the credentials; running it again is fine', async () => {
    await signIn();
    const result = await cli(['logout']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Signed out of ${API}.`);
    expect(api.sessions.size).toBe(0);
    const saved = await readSaved();
    expect(saved.token).toBeUndefined();
    expect(saved.company).toBeUndefined();
    // Kept for the next login.
    expect(saved).toMatchObject({ api_url: API, email: JANE.email });

    const again = await cli(['logout']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('You are not signed in.');

    const who = await cli(['whoami']);
    expect(who.code).toBe(1);
  });

  it('forgets the credentials even when the server answers 401', async () => {
    await signIn();
    api.sessions.clear();
    const result = await cli(['logout']);
    expect(result.code).toBe(0);
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

  it('does not call the server for an API key', async () => {
    await cli(['--api-url', API, 'login', '--token', API_KEY]);
    const before = api.requests.length;
    const result = await cli(['logout', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ signed_out: true, was_signed_in: true });
    expect(api.requests).toHaveLength(before);
    expect((await readSaved()).token).toBeUndefined();
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
    const result = await cli(['login', '--email', JANE.email, '--password-stdin'], JANE.password, { HOSTDECK_API_URL: `${API}/` });
    expect(result.code).toBe(0);
    expect((await readSaved()).api_url).toBe(API);
  });

  it('shows the server’s sentence for a server error', async () => {
    await signIn();
    const failing: typeof fetch = async () =>
      new Response(JSON.stringify({ errors: ['Something went wrong on our side. Please try again later.'] }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    const result = await run(['whoami'], { configDir, fetch: failing });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Error: Something went wrong on our side. Please try again later.\n');
  });

  it('reports an answer it cannot understand as a bug, not as the person’s mistake', async () => {
    await signIn();
    const odd: typeof fetch = async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
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
