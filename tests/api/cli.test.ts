import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { run, tempConfigDir } from '../cli/helpers/run';
import { openSeededApp, type TestApp } from './helpers/app';

/** The CLI against the real reference API and database, in-process. */
let database: Database;
let t: TestApp;
let configDir: string;
let cleanup: () => Promise<void>;

const API = 'http://hostdeck.test';
const fetchApi: typeof globalThis.fetch = (input, init) => Promise.resolve(t.app.fetch(new Request(input, init)));
const cli = (argv: string[], stdin?: string) => run(['--api-url', API, ...argv], { configDir, fetch: fetchApi, ...(stdin === undefined ? {} : { stdin }) });

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());
beforeEach(async () => {
  ({ dir: configDir, cleanup } = await tempConfigDir());
});
afterEach(() => cleanup());

describe('hostdeck against the reference API', () => {
  it('logs in, shows whoami as JSON and logs out, ending the session on the server', async () => {
    const login = await cli(['login', '--email', 'demo@hostdeck.test', '--password-stdin'], DEMO_PASSWORD);
    expect(login.code, login.stderr).toBe(0);
    const file = join(configDir, 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const who = await cli(['whoami', '--json']);
    expect(who.code, who.stderr).toBe(0);
    const user = JSON.parse(who.stdout) as { email: string; company: { name: string } };
    expect(user.email).toBe('demo@hostdeck.test');
    expect(user.company.name).toBe('Northwind Web Agency');

    const { token } = JSON.parse(await readFile(file, 'utf8')) as { token: string };
    expect((await t.call('GET', '/account/whoami/', { token })).status).toBe(200);

    const out = await cli(['logout']);
    expect(out.code, out.stderr).toBe(0);
    expect((await t.call('GET', '/account/whoami/', { token })).status).toBe(401);
    const after = await cli(['whoami', '--json']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('hostdeck login');
  });

  it("prints the server's sentence for a wrong password and exits 1", async () => {
    const res = await cli(['login', '--email', 'demo@hostdeck.test', '--password-stdin'], 'wrong password');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Unable to log in with provided credentials.');
    expect(res.stdout).toBe('');
    // Only the device id was saved (before signing in), no token.
    expect(JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8'))).not.toHaveProperty('token');
  });
});
