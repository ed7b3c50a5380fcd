import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { writeConfig } from '../cli/config';
import { createApi } from '../src/lib/api/client';
import { createDomainGroup } from '../src/lib/requests/domains';
import { login } from '../src/lib/requests/auth';
import { DEFAULT_CONFIG, type ServerDeps } from '../src/server/context';
import { openDatabase } from '../src/server/db/connection';
import { domains, hostingAccounts, ipGroups } from '../src/server/db/schema/index';
import { createJobEngine } from '../src/server/jobs/engine';
import { createMemoryMailer } from '../src/server/mail/mailer';
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts';
import { seedBulk, seedDemo } from '../src/server/seed/index';
import { listenApi } from '../src/server/standalone';
import { mb, median, ms } from './figures';
import { demoOwnerCompany } from './demo-owner';
import { createViewerCache } from '../src/server/auth/viewer-cache';

const run = promisify(execFile);

/** One run of the packed CLI in a process of its own: its wall time and its peak resident memory. */
async function timed(bin: string, args: string[], env: Record<string, string>): Promise<{ ms: number; maxRss: number; stdout: string }> {
  const reporter = join(tmpdir(), 'hostdeck-bench-rss.mjs');
  // VmHWM, the peak of this process's own memory: getrusage's maxRSS on Linux keeps the peak of the
  // forked copy of the parent (this bench, with the database open) across exec.
  await writeFile(
    reporter,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is a script whose own template literal fills ${...} when it runs.
    "import { readFileSync } from 'node:fs';\nprocess.on('exit', () => process.stderr.write(`\\nMAXRSS ${/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]}\\n`));\n",
  );
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', reporter, bin, ...args], { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => {
      const elapsed = performance.now() - started;
      const rss = Number(/MAXRSS (\d+)/.exec(stderr)?.[1] ?? 0) * 1024;
      if (code !== 0) reject(new Error(`hostdeck ${args.join(' ')} exited ${code}:\n${stderr}`));
      else resolve({ ms: elapsed, maxRss: rss, stdout });
    });
  });
}

/**
 * The CLI as a script uses it (issue 12): the packed build installed on its own, against the
 * reference API over HTTP on 127.0.0.1. Prints its start-up time, 10,000 domains imported
 * (every line checked, then submitted in chunks) and 100,000 IP addresses exported to a file,
 * each with the time and the CLI's peak resident memory.
 */
export async function measureCli(opts: { dataDir: string; ipCount: number; domainCount: number; runs: number }) {
  console.log(`\n## The CLI: start-up, ${opts.domainCount.toLocaleString('en-US')} domains imported, ${opts.ipCount.toLocaleString('en-US')} IP addresses exported`);
  const work = await mkdtemp(join(tmpdir(), 'hostdeck-bench-cli-'));
  const database = await openDatabase({ dataDir: opts.dataDir });
  const { db } = database;
  try {
    await seedDemo(db);
    const ownerCompany = await demoOwnerCompany(db);
    await seedBulk(db, ownerCompany, { ipAddresses: opts.ipCount, domains: 0 });
    const [bulk] = await db
      .select({ guid: ipGroups.guid })
      .from(ipGroups)
      .where(and(eq(ipGroups.companyGuid, ownerCompany), eq(ipGroups.name, 'Bulk')));
    const [hosting] = await db
      .select({ guid: hostingAccounts.guid })
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, ownerCompany), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1);

    // Provisioning steps an hour long: the import's tasks stay queued, so only checking and submitting is timed.
    const deps: ServerDeps = {
      db,
      config: { ...DEFAULT_CONFIG, provisionStepMs: 3_600_000 },
      mailer: createMemoryMailer(),
      viewers: createViewerCache(database.authChanges),
      now: () => new Date(),
      clientIp: () => '127.0.0.1',
      jobs: createJobEngine(database, () => deps),
    };
    const { server, port } = await listenApi(deps);
    const apiUrl = `http://127.0.0.1:${port}`;
    try {
      const signedIn = await login(createApi({ baseURL: apiUrl }), { email: 'demo@hostdeck.test', password: DEMO_PASSWORD });
      if (!('token' in signedIn) || !signedIn.token) throw new Error('the demo owner should sign in without a second step from the bench');
      const config = join(work, 'config');
      await writeConfig({ api_url: apiUrl, token: signedIn.token, token_kind: 'session', company: ownerCompany, email: 'demo@hostdeck.test' }, { HOSTDECK_CONFIG_DIR: config });
      const env = { HOSTDECK_CONFIG_DIR: config };

      const { stdout: packed } = await run(process.execPath, ['scripts/pack-cli.mjs', join(work, 'pack')]);
      await run('npm', ['install', '-g', '--prefix', join(work, 'prefix'), '--offline', '--no-audit', '--no-fund', packed.trim().split('\n').at(-1)!]);
      const bin = join(work, 'prefix', 'bin', 'hostdeck');

      for (const [label, args] of [
        ['hostdeck --version', ['--version']],
        ['hostdeck --json whoami (one API call)', ['--json', 'whoami']],
      ] as const) {
        const times: number[] = [];
        let rss = 0;
        for (let i = 0; i < opts.runs + 1; i++) {
          const r = await timed(bin, [...args], env);
          if (i > 0) times.push(r.ms);
          rss = Math.max(rss, r.maxRss);
        }
        console.log(`start-up, packed, ${label.padEnd(38)} ${ms(median(times)).padStart(10)}  (median of ${opts.runs})  peak RSS ${mb(rss)}`);
      }

      const client = createApi({ baseURL: apiUrl, credentials: () => ({ token: signedIn.token!, company: ownerCompany }) });
      const group = (await createDomainGroup(client, { name: 'CLI bench import', default_hosting_account: hosting!.guid, ip_address_groups: [bulk!.guid] })).group;
      const file = join(work, 'domains.txt');
      await writeFile(file, Array.from({ length: opts.domainCount }, (_, i) => `bench-${String(i + 1).padStart(5, '0')}.example`).join('\n'));
      const imported = await timed(bin, ['domains', 'import', file, '--group', group.guid], env);
      const added = (await db.select({ guid: domains.guid }).from(domains).where(eq(domains.groupGuid, group.guid))).length;
      if (added !== opts.domainCount) throw new Error(`the import added ${added} domains, not ${opts.domainCount}`);
      console.log(
        `domains import, ${opts.domainCount.toLocaleString('en-US')} lines checked and submitted ${ms(imported.ms).padStart(12)}  ${(opts.domainCount / (imported.ms / 1000)).toFixed(0)} domains/s  peak RSS ${mb(imported.maxRss)}`,
      );

      for (const format of ['csv', 'json']) {
        const out = join(work, `addresses.${format}`);
        const exported = await timed(bin, ['ip', 'export', '--group', bulk!.guid, '--format', format, '--output', out], env);
        console.log(
          `ip export, ${opts.ipCount.toLocaleString('en-US')} addresses as ${format.toUpperCase().padEnd(4)} to a file         ${ms(exported.ms).padStart(12)}  peak RSS ${mb(exported.maxRss)}`,
        );
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
      // The import's queued tasks keep the job engine working: it stops before its database closes.
      await deps.jobs.stop();
    }
  } finally {
    await database.close();
    await rm(work, { recursive: true, force: true });
  }
}
