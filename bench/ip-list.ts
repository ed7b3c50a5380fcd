import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { createApiApp } from '../src/server/app';
import { DEFAULT_CONFIG, type ServerDeps } from '../src/server/context';
import { createJobEngine } from '../src/server/jobs/engine';
import { openDatabase } from '../src/server/db/connection';
import { ipAddresses } from '../src/server/db/schema/index';
import { createMemoryMailer } from '../src/server/mail/mailer';
import { seedBulk, seedDemo } from '../src/server/seed/index';
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts';
import { listenApi } from '../src/server/standalone';
import { measureIpPage, measureIpPageInBrowser } from './ip-page';
import { mb, median, ms } from './figures';
import { demoOwnerCompany } from './demo-owner';
import { createViewerCache } from '../src/server/auth/viewer-cache';

/** Bytes as they come over the wire, not decoded, until the last one has arrived. */
function receive(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; coding: string | undefined }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, coding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureIpList(opts: { dataDir: string; ipCount: number; runs: number }) {
  console.log(`\n## IP address list: one company with ${opts.ipCount.toLocaleString('en-US')} IP addresses`);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATABASE_URL ? undefined : opts.dataDir });
  const { db } = database;
  let t = performance.now();
  await seedDemo(db);
  const ownerCompany = await demoOwnerCompany(db);
  const have = (await db.select({ guid: ipAddresses.guid }).from(ipAddresses).where(eq(ipAddresses.companyGuid, ownerCompany))).length;
  if (have < opts.ipCount) await seedBulk(db, ownerCompany, { ipAddresses: opts.ipCount - have, domains: 0 });
  console.log(`seeded in ${ms(performance.now() - t)}`);

  const deps: ServerDeps = {
    db,
    config: DEFAULT_CONFIG,
    mailer: createMemoryMailer(),
    viewers: createViewerCache(database.authChanges),
    now: () => new Date(),
    clientIp: () => '127.0.0.1',
    jobs: createJobEngine(database, () => deps),
  };
  const app = createApiApp(deps);
  const login = await app.request('/auth/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@hostdeck.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Token ${token}` };

  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  let bytes = 0;
  let rows = 0;
  for (let i = 0; i < opts.runs + 1; i++) {
    t = performance.now();
    const res = await app.request('/ip_addresses/?page=1&per_page=99999', { headers });
    const body = await res.text();
    const apiTime = performance.now() - t;
    bytes = Buffer.byteLength(body);
    rows = (JSON.parse(body) as { data: unknown[] }).data.length;

    t = performance.now();
    // The same rows straight from the driver, with no ORM mapping and no JSON.
    const bareSql = 'select * from ip_addresses where company_guid = $1 order by ip_numeric limit 99999';
    if (database.pglite) await database.pglite.query(bareSql, [ownerCompany]);
    else await database.pool!.query(bareSql, [ownerCompany]);
    const sqlTime = performance.now() - t;
    if (i > 0) {
      // The first round warms caches and JIT; it is not counted.
      apiTimes.push(apiTime);
      sqlTimes.push(sqlTime);
    }
  }
  const api = median(apiTimes);
  const bare = median(sqlTimes);
  console.log(`database: ${database.kind}; runs: ${opts.runs} (median)`);
  console.log(`GET /ip_addresses/?page=1&per_page=99999  ${ms(api)}  ${mb(bytes)}  ${rows} rows`);
  console.log(`bare SQL select of the same rows          ${ms(bare)}`);
  console.log(`ratio API / SQL                           ${(api / bare).toFixed(2)}x`);
  console.log(`heap used after the runs                  ${mb(process.memoryUsage().heapUsed)}`);

  // Over HTTP as a browser receives it: the API server compresses as the panel's server does.
  const { server, port } = await listenApi(deps);
  try {
    for (const coding of ['br', 'gzip', 'identity'] as const) {
      const times: number[] = [];
      let wire = 0;
      for (let i = 0; i < opts.runs + 1; i++) {
        t = performance.now();
        const got = await receive(port, '/ip_addresses/?page=1&per_page=99999', { ...headers, 'Accept-Encoding': coding });
        if (got.coding !== (coding === 'identity' ? undefined : coding)) throw new Error(`asked for ${coding}, got ${got.coding ?? 'identity'}`);
        wire = got.bytes;
        if (i > 0) times.push(performance.now() - t);
      }
      const label = `over HTTP, Accept-Encoding: ${coding}`.padEnd(41);
      console.log(`${label} ${ms(median(times))}  ${mb(wire)}  (${((wire / bytes) * 100).toFixed(1)}% of the JSON)`);
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  const group = await measureIpPage({ database, app, headers, company: ownerCompany, runs: opts.runs });
  await deps.jobs.stop();
  await database.close();
  // The server process opens the same data folder (PGlite allows one process at a time).
  if (!process.env.DATABASE_URL) await measureIpPageInBrowser(opts.dataDir, group);
}
