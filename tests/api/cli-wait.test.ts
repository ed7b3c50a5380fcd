import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeConfig } from '../../cli/config';
import { createDomainGroup } from '../../src/lib/requests/domains';
import type { Database } from '../../src/server/db/connection';
import { domains, hostingAccounts } from '../../src/server/db/schema/index';
import { run, tempConfigDir } from '../cli/helpers/run';
import { openSeededApp, type TestApp } from './helpers/app';

/** `--wait` and `tasks watch`: the CLI follows tasks over the event stream to their end (issue 12). */
let database: Database;
let t: TestApp;
let configDir: string;
let demo: { token: string; company: string };
let account: string;

const API = 'http://hostdeck.test/api';
const toApi: typeof globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  url.pathname = url.pathname.slice('/api'.length);
  return t.app.fetch(new Request(url, request));
};
const cli = (argv: string[], stdin?: string) => run(['--api-url', API, ...argv], { configDir, fetch: toApi, ...(stdin === undefined ? {} : { stdin }) });

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  account = (
    await database.db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1)
  )[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});
beforeEach(async () => {
  const temp = await tempConfigDir();
  configDir = temp.dir;
  await writeConfig({ api_url: API, token: demo.token, token_kind: 'session', company: demo.company }, { HOSTDECK_CONFIG_DIR: configDir });
  return temp.cleanup;
});

describe('following tasks', () => {
  it('imports with --wait, following every task to COMPLETED (exit 0)', async () => {
    const group = (await createDomainGroup(t.client(demo), { name: 'Waited for', default_hosting_account: account })).group;
    const result = await cli(['--json', 'domains', 'import', '-', '--group', group.name, '--wait', '--chunk-size', '2'], 'wait-a.example\nwait-b.example\nwait-c.example\n');
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout) as { added: number; tasks: string[]; failed_tasks: unknown[] };
    expect(answer).toMatchObject({ added: 3, failed_tasks: [] });
    expect(answer.tasks).toHaveLength(2);
    const rows = await database.db.select({ status: domains.status }).from(domains).where(eq(domains.groupGuid, group.guid));
    expect(rows.map((r) => r.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);

    // A finished task: `tasks watch` tells at once how it ended.
    const watched = await cli(['--json', 'tasks', 'watch', answer.tasks[0]!]);
    expect(watched.code, watched.stderr).toBe(0);
    expect(JSON.parse(watched.stdout)).toMatchObject({ task: answer.tasks[0], kind: 'ADD_DOMAINS', status: 'COMPLETED', progress_percentage: 100 });
  });

  it('watches a running task to its end', async () => {
    const group = (await createDomainGroup(t.client(demo), { name: 'Watched', default_hosting_account: account })).group;
    const added = await cli(['--json', 'domains', 'import', '-', '--group', group.guid], 'watch-a.example\nwatch-b.example\n');
    expect(added.code, added.stderr).toBe(0);
    const [task] = (JSON.parse(added.stdout) as { tasks: string[] }).tasks;
    const watched = await cli(['tasks', 'watch', task!, '--group', group.name]);
    expect(watched.code, watched.stderr).toBe(0);
    expect(watched.stderr).toContain(`Task ${task} (ADD_DOMAINS) COMPLETED.`);
  });

  it('refuses what is not a task guid (exit 2) and says when a task is not found (exit 1)', async () => {
    const bad = await cli(['tasks', 'watch', 'not-a-task']);
    expect(bad.code).toBe(2);
    const missing = await cli(['tasks', 'watch', '00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Task 00000000-0000-4000-8000-000000000000 was not found.');
  });
});
