import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, KNOWN_DEVICE_ID } from './support';

/** The hostdeck binary, run as a person or a script would, against the running server. */
test.describe('hostdeck CLI against the running server', () => {
  let configDir: string;
  test.beforeEach(() => {
    configDir = mkdtempSync(join(tmpdir(), 'hostdeck-cli-e2e-'));
    // The CLI signs in from the device the other tests' browsers use, which the demo account trusts.
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ device_id: KNOWN_DEVICE_ID }), { mode: 0o600 });
  });
  test.afterEach(() => rmSync(configDir, { recursive: true, force: true }));

  const hostdeck = (baseURL: string, args: string[], input?: string) => {
    const run = spawnSync(process.execPath, ['cli/bin.mjs', '--api-url', `${baseURL}/api`, ...args], {
      input: input ?? '',
      encoding: 'utf8',
      env: { ...process.env, HOSTDECK_CONFIG_DIR: configDir, NO_COLOR: '1' },
      timeout: 180_000,
    });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };

  test('login, whoami --json and logout', async ({ baseURL, request }) => {
    const login = hostdeck(baseURL!, ['login', '--email', ACCOUNTS.owner.email, '--password-stdin'], ACCOUNTS.owner.password);
    expect(login.code, login.stderr).toBe(0);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);

    const who = hostdeck(baseURL!, ['whoami', '--json']);
    expect(who.code, who.stderr).toBe(0);
    const user = JSON.parse(who.stdout) as { email: string; company: { name: string } };
    expect(user.email).toBe(ACCOUNTS.owner.email);
    expect(user.company.name).toBe('Northwind Web Agency');

    const { token } = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { token: string };
    const asCli = { headers: { Authorization: `Token ${token}` } };
    expect((await request.get('/api/account/whoami/', asCli)).status()).toBe(200);

    const logout = hostdeck(baseURL!, ['logout']);
    expect(logout.code, logout.stderr).toBe(0);
    const after = hostdeck(baseURL!, ['whoami', '--json']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('hostdeck login');
    // The server ended the session too, not just the local file.
    expect((await request.get('/api/account/whoami/', asCli)).status()).toBe(401);
  });
});
