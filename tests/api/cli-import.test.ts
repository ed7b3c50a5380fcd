import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig, writeConfig } from '../../cli/config';
import { createDomainGroup, groupIpAddresses } from '../../src/lib/requests/domains';
import { DOMAIN_INVALID, DOMAIN_WITH_SCHEME } from '../../src/lib/schemas/add-domains';
import type { Database } from '../../src/server/db/connection';
import { domains, hostingAccounts, ipAddresses } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { run, tempConfigDir } from '../cli/helpers/run';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * `hostdeck domains import` and the lists against the reference API in-process (issue 12).
 * Steps are slow here (a minute each), so the tasks the imports start stay queued and cost
 * nothing while the test runs; tests/api/cli-wait.test.ts follows tasks to their end.
 */
let database: Database;
let t: TestApp;
let configDir: string;
let cleanup: () => Promise<void>;
let demo: { token: string; company: string };
let account: string;

const API = 'http://hostdeck.test/api';
/** Every add request that reached the API. */
let posts: number;

/** The API under /api, as the panel's server mounts it; any other address answers the panel's HTML. */
function panelAndApi(hooks: { afterAdd?: (n: number) => void; dropAdd?: (n: number) => boolean } = {}): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/')) {
      return new Response('<!DOCTYPE html><html><body><h1>404: Not found</h1></body></html>', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
    }
    url.pathname = url.pathname.slice('/api'.length);
    const res = await t.app.fetch(new Request(url, request));
    if (request.method === 'POST' && url.pathname === '/domains/') {
      const n = ++posts;
      hooks.afterAdd?.(n);
      // The API added the chunk, but its answer never arrives.
      if (hooks.dropAdd?.(n)) throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    }
    return res;
  };
}

const cli = (argv: string[], options: { stdin?: string; fetch?: typeof globalThis.fetch; signal?: AbortSignal; apiUrl?: string } = {}) =>
  run(['--api-url', options.apiUrl ?? API, ...argv], {
    configDir,
    fetch: options.fetch ?? panelAndApi(),
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
    ...(options.signal ? { signal: options.signal } : {}),
  });

const newGroup = async (name: string) => (await createDomainGroup(t.client(demo), { name, default_hosting_account: account })).group;
const namesIn = async (group: string) => (await database.db.select({ domain: domains.domain }).from(domains).where(eq(domains.groupGuid, group))).map((d) => d.domain);
/** Forgets interrupted imports, as deleting the checkpoint folder does. */
const removeImports = () => rm(join(configDir, 'imports'), { recursive: true, force: true });
const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}.example`);

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 60_000 }));
  demo = await t.signIn('demo@hostdeck.test');
  account = (
    await database.db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1)
  )[0]!.guid;
  // Room for thousands of imported domains: one of the company's addresses gets the slots.
  const probe = await newGroup('Slot probe');
  const [first] = (await groupIpAddresses(t.client(demo), probe.guid, { per_page: 99999 })).data;
  await database.db
    .update(ipAddresses)
    .set({ domainsAllowed: sql`${ipAddresses.domainsAllowed} + 5000` })
    .where(inArray(ipAddresses.guid, [first!.guid]));
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});
beforeEach(async () => {
  ({ dir: configDir, cleanup } = await tempConfigDir());
  posts = 0;
  await writeConfig({ api_url: API, token: demo.token, token_kind: 'session', company: demo.company, email: 'demo@hostdeck.test' }, { HOSTDECK_CONFIG_DIR: configDir });
  return cleanup;
});

describe('hostdeck domains import', () => {
  it('refuses a 1,000-line file with three bad lines, by line and sentence, sending nothing; sends it once fixed', async () => {
    const group = await newGroup('Import 1000');
    const good = lines('bulk', 1000);
    const bad = [...good];
    bad[16] = 'http://bulk-0017.example';
    bad[499] = 'not a domain';
    bad[998] = 'bulk-0999.example, 999.1.1.1';

    const refused = await cli(['domains', 'import', '-', '--group', group.name], { stdin: bad.join('\n') });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Line 17: ${DOMAIN_WITH_SCHEME}`);
    expect(refused.stderr).toContain(`Line 500: ${DOMAIN_INVALID}`);
    expect(refused.stderr).toContain('Line 999: 999.1.1.1 is not an IPv4 address.');
    expect(refused.stderr).toContain('3 lines cannot be imported; nothing was sent.');
    expect(refused.stderr).toContain('--skip-invalid to send the other 997 domains');
    expect(refused.stdout).toBe('');
    expect(posts).toBe(0);
    expect(await namesIn(group.guid)).toEqual([]);

    const dry = await cli(['--json', 'domains', 'import', '-', '--group', group.guid, '--dry-run'], { stdin: good.join('\n') });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ lines: 1000, valid: 1000, errors: [] });
    expect(posts).toBe(0);

    const sent = await cli(['--json', 'domains', 'import', '-', '--group', group.name], { stdin: `${good.join('\r\n')}\r\n` });
    expect(sent.code, sent.stderr).toBe(0);
    const answer = JSON.parse(sent.stdout) as { added: number; tasks: string[]; skipped_lines: unknown[] };
    expect(answer).toMatchObject({ added: 1000, skipped_lines: [] });
    // Chunks of 500, the default: one request and one task each.
    expect(answer.tasks).toHaveLength(2);
    expect(posts).toBe(2);
    expect((await namesIn(group.guid)).sort()).toEqual(good);
    // Done: no checkpoint is left behind.
    expect(await readdir(join(configDir, 'imports'))).toEqual([]);
  });

  it('sends the good lines with --skip-invalid and lists the bad ones', async () => {
    const group = await newGroup('Import skip');
    const result = await cli(['--json', 'domains', 'import', '-', '--group', group.name, '--skip-invalid'], { stdin: 'skip-a.example\nhttps://skip-b.example\nskip-c.example\n' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Line 2: ${DOMAIN_WITH_SCHEME}`);
    expect(JSON.parse(result.stdout)).toMatchObject({ added: 2, skipped_lines: [{ line: 2, message: DOMAIN_WITH_SCHEME }] });
    expect((await namesIn(group.guid)).sort()).toEqual(['skip-a.example', 'skip-c.example']);
  });

  it('resumes an interrupted import, and one whose last chunk was added but not recorded, adding each domain once', async () => {
    const group = await newGroup('Import resume');
    const file = lines('resume', 400).join('\n');
    const argv = ['domains', 'import', '-', '--group', group.name, '--chunk-size', '50'];

    // Ctrl+C once three chunks were acknowledged: the import stops before the next one.
    const stop = new AbortController();
    const first = await cli(argv, { stdin: file, signal: stop.signal, fetch: panelAndApi({ afterAdd: (n) => n === 3 && stop.abort() }) });
    expect(first.code).toBe(4);
    expect(first.stderr).toContain('Interrupted after 150 domains of 400 were added.');
    expect(first.stderr).toContain('--resume');
    expect(await namesIn(group.guid)).toHaveLength(150);

    // Run again without --resume: it says there is an interrupted import instead of adding twice.
    const again = await cli(argv, { stdin: file });
    expect(again.code).toBe(4);
    expect(again.stderr).toContain('--resume');
    expect(posts).toBe(3);

    // Resumed, then the connection is lost just after the API added the second chunk it sent.
    const second = await cli([...argv, '--resume'], { stdin: file, fetch: panelAndApi({ dropAdd: (n) => n === 5 }) });
    expect(second.code).toBe(4);
    expect(second.stderr).toContain('Lost the connection to the API after 200 domains of 400 were added.');
    expect(await namesIn(group.guid)).toHaveLength(250);

    // Resumed again: the unrecorded chunk is found in the group and not sent again.
    const third = await cli(['--json', ...argv, '--resume'], { stdin: file });
    expect(third.code, third.stderr).toBe(0);
    expect(posts).toBe(8);
    expect(JSON.parse(third.stdout)).toMatchObject({ added: 400 });
    const names = await namesIn(group.guid);
    expect(names).toHaveLength(400);
    expect(new Set(names).size).toBe(400);

    const nothing = await cli([...argv, '--resume'], { stdin: file });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('No interrupted import');
  });

  it('lists by line what the API refuses in a chunk, and leaves those lines out with --skip-invalid', async () => {
    const group = await newGroup('Import refused');
    expect((await cli(['domains', 'import', '-', '--group', group.name], { stdin: 'dup-a.example\n' })).code).toBe(0);
    const file = 'dup-b.example\ndup-a.example\ndup-c.example\n';

    const refused = await cli(['domains', 'import', '-', '--group', group.name, '--chunk-size', '2'], { stdin: file });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Line 2: This domain is already added.');
    expect(refused.stderr).toContain('The API refused a chunk of 2 domains; 0 domains of 3 were added before it.');
    expect(refused.stderr).toContain('--resume --skip-invalid');
    await removeImports();

    const skipped = await cli(['--json', 'domains', 'import', '-', '--group', group.name, '--chunk-size', '2', '--skip-invalid'], { stdin: file });
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stderr).toContain('Line 2: This domain is already added.');
    expect(JSON.parse(skipped.stdout)).toMatchObject({ added: 2, skipped_lines: [{ line: 2 }] });
    expect((await namesIn(group.guid)).sort()).toEqual(['dup-a.example', 'dup-b.example', 'dup-c.example']);
  });

  it('gives rows the addresses the wizard would: written ones kept, the rest from free slots in order', async () => {
    const group = await newGroup('Import addresses');
    const ips = (await groupIpAddresses(t.client(demo), group.guid, { per_page: 99999 })).data;
    const free = ips.filter((i) => i.domains_allowed > i.domain_count);
    const written = free.at(-1)!;
    const stranger = await cli(['domains', 'import', '-', '--group', group.name, '--dry-run'], { stdin: 'addr-x.example\naddr-y.example, 192.0.2.254\n' });
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('Line 2: 192.0.2.254 is not an address this group may use.');

    const result = await cli(['domains', 'import', '-', '--group', group.name], { stdin: `addr-a.example\naddr-b.example, ${written.ip_address}\n` });
    expect(result.code, result.stderr).toBe(0);
    const rows = await database.db.select({ domain: domains.domain, ip: domains.ipAddressGuid }).from(domains).where(eq(domains.groupGuid, group.guid));
    expect(Object.fromEntries(rows.map((r) => [r.domain, r.ip]))).toEqual({ 'addr-a.example': free[0]!.guid, 'addr-b.example': written.guid });
  });

  it('exits 2 for wrong usage and 1 for a group that does not exist', async () => {
    const usage = await cli(['domains', 'import', '-'], { stdin: 'a.example' });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--group');
    const size = await cli(['domains', 'import', '-', '--group', 'x', '--chunk-size', '20000'], { stdin: 'a.example' });
    expect(size.code).toBe(2);
    expect(size.stderr).toContain('The chunk size can be at most 10000');
    const missing = await cli(['domains', 'import', '-', '--group', 'No such group'], { stdin: 'a.example' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No domain group No such group was found.');
  });
});

describe('lists', () => {
  it('prints groups, domains and tasks as JSON on stdout and nothing else there', async () => {
    const group = await newGroup('Listed group');
    const added = await cli(['domains', 'import', '-', '--group', group.name], { stdin: 'listed-one.example\nlisted-two.example\nother-three.example\n' });
    expect(added.code, added.stderr).toBe(0);

    const groups = await cli(['--json', 'groups', 'list']);
    expect(groups.code, groups.stderr).toBe(0);
    expect((JSON.parse(groups.stdout) as { name: string }[]).map((g) => g.name)).toContain('Listed group');

    const found = await cli(['--json', 'domains', 'list', '--group', group.name, '--search', 'listed']);
    expect(found.code, found.stderr).toBe(0);
    expect((JSON.parse(found.stdout) as { domain: string }[]).map((d) => d.domain)).toEqual(['listed-one.example', 'listed-two.example']);

    const tasks = await cli(['--json', 'tasks', 'list', '--group', group.guid]);
    expect(tasks.code, tasks.stderr).toBe(0);
    expect(JSON.parse(tasks.stdout)).toMatchObject([{ kind: 'ADD_DOMAINS', group: { guid: group.guid } }]);
  });

  it('prints a table with a header when not --json', async () => {
    const result = await cli(['domains', 'list', '--search', 'listed-one']);
    expect(result.code, result.stderr).toBe(0);
    const [header, row] = result.stdout.split('\n');
    expect(header).toMatch(/^DOMAIN\s+STATUS\s+IP ADDRESS/);
    expect(row).toMatch(/^listed-one\.example\s+ADDING/);
  });

  it('says plainly when signed out (exit 1)', async () => {
    const out = await run(['--api-url', API, 'groups', 'list'], { configDir: (await tempConfigDir()).dir, fetch: panelAndApi() });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('You are not signed in.');
  });
});

describe('--api-url given the panel’s address', () => {
  /** A computer that has never signed in, as a new user's. */
  const signInAt = async (apiUrl: string) => {
    const fresh = await tempConfigDir();
    const result = await run(['--api-url', apiUrl, 'login', '--email', 'demo@hostdeck.test', '--password-stdin'], {
      configDir: fresh.dir,
      fetch: panelAndApi(),
      stdin: DEMO_PASSWORD,
    });
    return { result, fresh };
  };

  it('finds the API under /api, and keeps that address for the next runs', async () => {
    const { result, fresh } = await signInAt('http://hostdeck.test');
    try {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('at http://hostdeck.test/api.');
      expect((await readConfig({ HOSTDECK_CONFIG_DIR: fresh.dir })).api_url).toBe('http://hostdeck.test/api');
      // Typed the same way next time, the saved sign-in is used.
      const groups = await run(['--api-url', 'http://hostdeck.test', '--json', 'groups', 'list'], { configDir: fresh.dir, fetch: panelAndApi() });
      expect(groups.code, groups.stderr).toBe(0);
      expect(Array.isArray(JSON.parse(groups.stdout))).toBe(true);
    } finally {
      await fresh.cleanup();
    }
  });

  it('says that no Hostdeck API answers there, without the page', async () => {
    const { result, fresh } = await signInAt('http://hostdeck.test/somewhere');
    await fresh.cleanup();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No Hostdeck API answers at http://hostdeck.test/somewhere: it answered with a web page.');
    expect(result.stderr).toContain('Nor did http://hostdeck.test/somewhere/api.');
    expect(result.stderr).toContain('http://localhost:4321/api');
    expect(result.stderr).not.toContain('<html');
    expect(result.stderr).not.toContain('This is a bug');
  });
});
