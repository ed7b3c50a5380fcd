import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewDomain } from '../../src/lib/schemas/add-domains';
import { createDomainGroup, groupIpAddresses } from '../../src/lib/requests/domains';
import type { Database } from '../../src/server/db/connection';
import { companies, domains, hostingAccounts, idempotencyKeys, taskItems, tasks, users } from '../../src/server/db/schema/index';
import { KEY_IN_FLIGHT, KEY_LEASE_MS, PROCESS_ID, requestHashOf } from '../../src/server/http/idempotency';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * An Idempotency-Key whose request died does not block its retries for a day (the retry takes
 * the key over and ends with exactly what was asked, done once). The dead request is simulated
 * precisely, in this process: its key row as a killed process leaves it (another process named
 * as holder, the lease it no longer renews), with the work committed up to the point it died.
 * tests/api/idempotency-crash-postgres.test.ts kills a real server process instead.
 */
let database: Database;
let t: TestApp;
let demo: { token: string; company: string; user: string };
let group: string;
let account: string;
let free: { guid: string; left: number }[];

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  await t.startDns();
  const session = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const [me] = await db.select({ guid: users.guid }).from(users).where(eq(users.email, 'demo@hostdeck.test'));
  demo = { ...session, user: me!.guid };
  account = (
    await db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1)
  )[0]!.guid;
  group = (await createDomainGroup(t.client(demo), { name: 'After a crash', default_hosting_account: account })).group.guid;
  free = (await groupIpAddresses(t.client(demo), group, { per_page: 99999 })).data
    .map((i) => ({ guid: i.guid, left: i.domains_allowed - i.domain_count }))
    .filter((i) => i.left > 0);
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

function slot(): string {
  const ip = free.find((f) => f.left > 0);
  if (!ip) throw new Error('The seed has no free website slot left for this test.');
  ip.left--;
  return ip.guid;
}

type Added = { message: string; task: { guid: string }; domains: { guid: string; domain: string }[] };
const submission = (names: string[]) => ({ domains: names.map((domain): NewDomain => ({ domain, ip_address: slot(), group, hosting_account: account })) });
const send = (body: unknown, key: string) => t.call('POST', '/domains/', { ...demo, body, headers: { 'Idempotency-Key': key } });
const memberKey = (key: string) => `${demo.user}:${key}`;

/** The company's domains of these names and the ADD_DOMAINS tasks that add them. */
async function state(names: string[]) {
  const rows = await database.db
    .select()
    .from(domains)
    .where(and(eq(domains.companyGuid, demo.company), inArray(domains.domain, names)));
  const taskRows = rows.length
    ? await database.db
        .selectDistinct({ guid: tasks.guid })
        .from(tasks)
        .innerJoin(taskItems, eq(taskItems.taskGuid, tasks.guid))
        .where(
          inArray(
            taskItems.domainGuid,
            rows.map((r) => r.guid),
          ),
        )
    : [];
  return { domains: rows.map((r) => r.domain).sort(), tasks: taskRows.map((r) => r.guid) };
}

/** The key row a request killed while working leaves: held by a process that is gone, with the lease it took last. */
async function leftByDeadRequest(key: string, body: unknown, progress: Record<string, unknown>) {
  await database.db.insert(idempotencyKeys).values({
    companyGuid: demo.company,
    route: 'domains.add',
    key: memberKey(key),
    requestHash: requestHashOf('POST', '/domains/', JSON.stringify(body)),
    ownerProcess: `gone-${randomUUID()}`,
    claim: randomUUID(),
    leaseExpires: new Date(t.deps.now().getTime() + KEY_LEASE_MS),
    progress,
    dateCreated: t.deps.now(),
  });
  // On PostgreSQL another process may still be alive: its lease has to run out first (on PGlite, one process owns the database).
  if (database.kind === 'postgres') t.advance(KEY_LEASE_MS + 1000);
}

describe('an Idempotency-Key whose request died', () => {
  it('the operation id the key rows use is the add call’s', async () => {
    const names = ['route-check.example'];
    const res = await send(submission(names), 'route-check');
    expect(res.status).toBe(201);
    const [row] = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, memberKey('route-check')));
    expect(row).toMatchObject({ route: 'domains.add', statusCode: 201, ownerProcess: PROCESS_ID, leaseExpires: null });
  });

  it('died before its work committed: the retry adds the domains, once, and a repeat replays that answer', async () => {
    const names = ['before-work-1.example', 'before-work-2.example'];
    const body = submission(names);
    await leftByDeadRequest('died-before-work', body, {});
    const retry = await send(body, 'died-before-work');
    expect(retry.status).toBe(201);
    const answer = (await retry.json()) as Added;
    expect(answer.domains.map((d) => d.domain).sort()).toEqual(names);
    expect(await state(names)).toEqual({ domains: names, tasks: [answer.task.guid] });
    const again = await send(body, 'died-before-work');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(answer);
  });

  it('died after its domains committed, before their task: the retry starts the task for those domains and adds none again', async () => {
    const names = ['half-done.example'];
    const body = submission(names);
    const [row] = await database.db
      .insert(domains)
      .values({
        companyGuid: demo.company,
        groupGuid: group,
        domain: names[0]!,
        status: 'ADDING',
        ipAddressGuid: body.domains[0]!.ip_address,
        hostingAccountGuid: account,
        dateCreated: t.deps.now(),
      })
      .returning();
    await leftByDeadRequest('died-before-task', body, { domains: [{ guid: row!.guid, domain: row!.domain, installLetsEncrypt: false, software: null }] });
    const retry = await send(body, 'died-before-task');
    expect(retry.status).toBe(201);
    const answer = (await retry.json()) as Added;
    expect(answer.domains).toEqual([{ guid: row!.guid, domain: names[0] }]);
    expect(await state(names)).toEqual({ domains: names, tasks: [answer.task.guid] });
  });

  it('died after all its work committed, before its answer was kept: the retry answers that work', async () => {
    const names = ['all-done.example'];
    const body = submission(names);
    const first = await send(body, 'died-before-answer');
    expect(first.status).toBe(201);
    const done = (await first.json()) as Added;
    // As the killed process left it: the work and its record committed, no answer, the holder gone.
    await database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null, ownerProcess: `gone-${randomUUID()}`, claim: randomUUID(), leaseExpires: new Date(t.deps.now().getTime() + KEY_LEASE_MS) })
      .where(eq(idempotencyKeys.key, memberKey('died-before-answer')));
    if (database.kind === 'postgres') t.advance(KEY_LEASE_MS + 1000);
    const retry = await send(body, 'died-before-answer');
    expect(retry.status).toBe(201);
    const answer = (await retry.json()) as Added;
    expect(answer.domains).toEqual(done.domains);
    expect(answer.task.guid).toBe(done.task.guid);
    expect(await state(names)).toEqual({ domains: names, tasks: [done.task.guid] });
  });

  it('a one-transaction call that died after committing replays the answer kept with its work (one company)', async () => {
    const body = { name: 'Crashed Once Ltd', address1: 'Sadama 5', city: 'Tallinn', region: 'Harju', postal_code: '10111', country: 'EE', phone: '+372 600 0000', currency: 'EUR' };
    const create = () => t.call('POST', '/account/companies/', { token: demo.token, body, headers: { 'Idempotency-Key': 'company-crash' } });
    const first = await create();
    expect(first.status).toBe(201);
    const created = await first.json();
    await database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null, ownerProcess: `gone-${randomUUID()}`, claim: randomUUID(), leaseExpires: new Date(t.deps.now().getTime() + KEY_LEASE_MS) })
      .where(like(idempotencyKeys.key, `%:company-crash`));
    if (database.kind === 'postgres') t.advance(KEY_LEASE_MS + 1000);
    const retry = await create();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(created);
    expect(await database.db.select().from(companies).where(eq(companies.name, 'Crashed Once Ltd'))).toHaveLength(1);
  });

  it('held by a request of this process whose lease is current: still in flight (409, Retry-After); once the lease has run out, taken over', async () => {
    const names = ['slow-holder.example'];
    const body = submission(names);
    await database.db.insert(idempotencyKeys).values({
      companyGuid: demo.company,
      route: 'domains.add',
      key: memberKey('live-holder'),
      requestHash: requestHashOf('POST', '/domains/', JSON.stringify(body)),
      ownerProcess: PROCESS_ID,
      claim: randomUUID(),
      leaseExpires: new Date(t.deps.now().getTime() + KEY_LEASE_MS),
      dateCreated: t.deps.now(),
    });
    const busy = await send(body, 'live-holder');
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ errors: [KEY_IN_FLIGHT] });
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await state(names)).toEqual({ domains: [], tasks: [] });
    // The holder stopped renewing: the lease runs out on the server's clock.
    t.advance(KEY_LEASE_MS + 1000);
    const retry = await send(body, 'live-holder');
    expect(retry.status).toBe(201);
    expect((await state(names)).domains).toEqual(names);
  });
});
