import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDomainGroups } from '../../src/lib/requests/domains';
import type { Database } from '../../src/server/db/connection';
import pkg from '../../package.json' with { type: 'json' };
import { openSeededApp, type TestApp } from './helpers/app';
import { serveOverHttp, writeDemoConfig } from './helpers/cli-api';

const run = promisify(execFile);

/**
 * The CLI packed on its own (scripts/pack-cli.mjs), installed with `npm install -g` of the
 * .tgz into a folder of its own, offline, and run as a person would against the reference API
 * over HTTP on 127.0.0.1 (issue 12).
 */
let database: Database;
let t: TestApp;
let closeServer: () => Promise<void>;
let dir: string;
let bin: string;
let apiUrl: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  ({ apiUrl, close: closeServer } = await serveOverHttp(t));
  dir = await mkdtemp(join(tmpdir(), 'hostdeck-packed-'));
  const { stdout } = await run(process.execPath, ['scripts/pack-cli.mjs', join(dir, 'pack')]);
  const tgz = stdout.trim().split('\n').at(-1)!;
  await run('npm', ['install', '-g', '--prefix', join(dir, 'prefix'), '--offline', '--no-audit', '--no-fund', tgz]);
  bin = join(dir, 'prefix', 'bin', 'hostdeck');
});
afterAll(async () => {
  await closeServer();
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The machine's own Node when it is older than 22.12 (Debian's is): the last two tests need one,
 * and on a newer system Node they are reported as skipped rather than passing having checked nothing.
 */
const SYSTEM_NODE = '/usr/bin/node';
const olderSystemNode = existsSync(SYSTEM_NODE) && Number((await run(SYSTEM_NODE, ['-p', 'process.versions.node'])).stdout.split('.')[0]) < 22;

/** The installed `hostdeck` on this Node (the project's 24), with a config folder of its own. */
const hostdeck = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('the packed CLI', () => {
  it('installs as one package with no dependencies and prints its version', async () => {
    const installed = JSON.parse(await readFile(join(dir, 'prefix', 'lib', 'node_modules', 'hostdeck', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed.dependencies).toBeUndefined();
    expect(installed.engines).toEqual({ node: '>=22.12' });
    const version = await hostdeck(['--version']);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(pkg.version);
  });

  it('lists the domain groups from the API over HTTP, as the project’s CLI does', async () => {
    const demo = await t.signIn('demo@hostdeck.test');
    const config = join(dir, 'config');
    await writeDemoConfig(apiUrl, demo, config);
    const listed = await hostdeck(['--json', 'groups', 'list'], { HOSTDECK_CONFIG_DIR: config });
    expect(listed.code, listed.stderr).toBe(0);
    const groups = (await listDomainGroups(t.client(demo), { per_page: 9999 })).data;
    expect((JSON.parse(listed.stdout) as { guid: string }[]).map((g) => g.guid).sort()).toEqual(groups.map((g) => g.guid).sort());
    expect(listed.stderr).toBe('');
  });

  it.skipIf(!olderSystemNode || !existsSync('/usr/bin/npx'))('runs through npx under the machine’s older Node with no engine warnings first', async () => {
    // npm itself on the old Node; the bin then runs on the project's Node 24 (node_modules/.bin).
    const { stdout, stderr } = await run('/usr/bin/npx', ['--no-install', 'hostdeck', '--version'], { env: { ...process.env, PATH: '/usr/bin:/bin' } });
    expect(stdout.trim()).toBe(pkg.version);
    expect(stderr).not.toContain('EBADENGINE');
  });

  // A newer system Node has nothing to say.
  it.skipIf(!olderSystemNode)('tells an older Node what it needs instead of failing on syntax', async () => {
    const refused = await run(SYSTEM_NODE, [bin, '--version']).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toMatch(/^hostdeck needs Node\.js 22\.12 or later, but this is Node\.js 2\d\./);
  });
});
