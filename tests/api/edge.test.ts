import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne, notInArray } from 'drizzle-orm';
import type { ApiOptions } from '../../src/lib/api/client';
import { createRedirect, getTraffic, getTrafficDetail, updateMeta, updateRedirect } from '../../src/lib/requests/domain-web';
import { startAndFollowTask } from '../../src/lib/requests/task-events';
import { dayOf, quickRange } from '../../src/lib/rules/analytics-ranges';
import type { Database } from '../../src/server/db/connection';
import { domains, edgeRequests, softwareCatalogue, softwareInstallations } from '../../src/server/db/schema/index';
import { NO_SITE_TEXT, PLACEHOLDER_TEXT } from '../../src/server/edge/pages';
import { startEdge, type EdgeHandle } from '../../src/server/edge/server';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let edge: EdgeHandle;
/** ACTIVE domains of the demo company without software, one per test. */
let plain: { guid: string; domain: string }[];

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5, eventHeartbeatMs: 150 }));
  demo = await t.signIn('demo@hostdeck.test');
  // As behind a proxy that marks HTTPS with X-Forwarded-Proto (TRUST_PROXY=1).
  edge = await startEdge(database, { port: 0, host: '127.0.0.1', trustProxy: true }, t.deps.now);
  t.deps.edge = edge;
  const withSoftware = database.db.select({ guid: softwareInstallations.domainGuid }).from(softwareInstallations);
  plain = await database.db
    .select({ guid: domains.guid, domain: domains.domain })
    .from(domains)
    .where(
      and(
        eq(domains.companyGuid, demo.company),
        eq(domains.status, 'ACTIVE'),
        eq(domains.metaStatus, 'ACTIVE'),
        eq(domains.isSubdomain, false),
        notInArray(domains.guid, withSoftware),
      ),
    )
    .orderBy(domains.domain)
    .limit(6);
  // Each test starts from a domain that redirects nowhere.
  for (const d of plain)
    await database.db.update(domains).set({ redirectToHttps: false, redirectToHttp: false, redirectToWww: false, redirectToNonwww: false }).where(eq(domains.guid, d.guid));
});
afterAll(async () => {
  await edge.close();
  await t.deps.jobs.stop();
  await database.close();
});

interface EdgeAnswer {
  status: number;
  location: string | undefined;
  body: string;
}

/** One request to the edge with the Host header given, as a browser behind DNS would send it. */
function visit(host: string, path = '/', headers: Record<string, string> = {}): Promise<EdgeAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: edge.port, path, headers: { Host: host, 'User-Agent': CHROME, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const optionsOf = (session: { token: string; company: string }): ApiOptions => ({
  baseURL: 'http://hostdeck.test',
  credentials: () => ({ token: session.token, company: session.company }),
  fetch: async (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
});

describe('the HTTP edge', () => {
  it('answers 404 for a host it does not serve and for a domain that is not ACTIVE', async () => {
    const unknown = await visit('nothing-here.example');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain(NO_SITE_TEXT);
    const [inactive] = await database.db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, demo.company), ne(domains.status, 'ACTIVE')))
      .limit(1);
    expect((await visit(inactive!.domain)).status).toBe(404);
  });

  it('serves the placeholder for a domain without software, with or without www.', async () => {
    const domain = plain[0]!;
    for (const host of [domain.domain, `www.${domain.domain}`, `${domain.domain.toUpperCase()}:8080`]) {
      const page = await visit(host);
      expect(page.status).toBe(200);
      expect(page.body).toContain(PLACEHOLDER_TEXT);
      expect(page.body).toContain(domain.domain);
    }
  });

  it("serves the installed software's start page", async () => {
    const [row] = await database.db
      .select({ domain: domains.domain, software: softwareCatalogue.name, site: softwareInstallations.websiteName })
      .from(softwareInstallations)
      .innerJoin(domains, eq(domains.guid, softwareInstallations.domainGuid))
      .innerJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
      .where(
        and(
          eq(softwareInstallations.status, 'ACTIVE'),
          eq(domains.status, 'ACTIVE'),
          eq(domains.redirectToHttps, false),
          eq(domains.redirectToWww, false),
          isNull(domains.parentDomainGuid),
        ),
      )
      .limit(1);
    const page = await visit(row!.domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain(row!.software);
    expect(page.body).toContain(row!.site || row!.domain);
    expect(page.body).not.toContain(PLACEHOLDER_TEXT);
  });

  it('answers a URL redirect made through the API: exact and wildcard, not when DISABLED', async () => {
    const domain = plain[1]!;
    const made = await createRedirect(t.client(demo), domain.guid, { urls: ['/old'], destination: 'https://example.com/new', response_code: 302 });
    await createRedirect(t.client(demo), domain.guid, { urls: ['/blog/*'], destination: 'https://blog.example.com/' });

    expect(await visit(domain.domain, '/old')).toMatchObject({ status: 302, location: 'https://example.com/new' });
    expect(await visit(domain.domain, '/old/?utm=1')).toMatchObject({ status: 302, location: 'https://example.com/new' });
    expect(await visit(domain.domain, '/blog/2026/hello')).toMatchObject({ status: 301, location: 'https://blog.example.com/' });
    expect((await visit(domain.domain, '/older')).status).toBe(200);

    await updateRedirect(t.client(demo), domain.guid, made.redirect.guid, { status: 'DISABLED' });
    expect((await visit(domain.domain, '/old')).status).toBe(200);
  });

  it('applies the HTTPS and www toggles once their task has finished', async () => {
    const domain = plain[2]!;
    const done = await startAndFollowTask(optionsOf(demo), async () => (await updateMeta(t.client(demo), domain.guid, { redirect_to_https: true, redirect_to_www: true })).task);
    expect(done.status).toBe('COMPLETED');
    // Both moves in one redirect; a change of scheme drops the edge's port.
    expect(await visit(`${domain.domain}:${edge.port}`, '/a?b=1')).toMatchObject({ status: 301, location: `https://www.${domain.domain}/a?b=1` });
    // Already on HTTPS (as the trusted proxy in front says) and on www: served.
    expect((await visit(`www.${domain.domain}`, '/', { 'X-Forwarded-Proto': 'https' })).status).toBe(200);

    await startAndFollowTask(optionsOf(demo), async () => (await updateMeta(t.client(demo), domain.guid, { redirect_to_http: true, redirect_to_nonwww: true })).task);
    expect(await visit(`www.${domain.domain}`, '/x', { 'X-Forwarded-Proto': 'https' })).toMatchObject({ status: 301, location: `http://${domain.domain}/x` });
    // The www move alone keeps the port, so a local client can follow it.
    expect(await visit(`www.${domain.domain}:${edge.port}`, '/x')).toMatchObject({ status: 301, location: `http://${domain.domain}:${edge.port}/x` });
    expect((await visit(domain.domain, '/x')).status).toBe(200);
  });

  it('records each answer for the analytics views', async () => {
    const domain = plain[3]!;
    await visit(domain.domain, '/hello', { 'User-Agent': CHROME, Referer: 'https://www.google.com/' });
    await visit(domain.domain, '/hello', { 'User-Agent': IPHONE });
    await visit(domain.domain, '/robots.txt', { 'User-Agent': GOOGLEBOT });
    await edge.flush();

    const rows = await database.db.select().from(edgeRequests).where(eq(edgeRequests.domainGuid, domain.guid));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.bot)).toMatchObject({ bot: 'Googlebot', device: 'BOT', path: '/robots.txt', status: 200 });
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.visitor) && r.bytes > 0)).toBe(true);

    // From the first real request on, a day counts what the edge recorded, and nothing generated.
    const today = quickRange('TODAY', dayOf(t.deps.now()));
    const overview = await getTraffic(t.client(demo), domain.guid, today);
    expect(overview).toMatchObject({ total_visits: 3, unique_visits: 3 });
    expect(overview.bandwidth_usage).toBe(rows.reduce((a, r) => a + r.bytes, 0));
    expect(overview.domain_visits.reduce((a, p) => a + p.visits, 0)).toBe(3);

    const paths = await getTrafficDetail(t.client(demo), domain.guid, { field: 'PATHS', ...today });
    expect(paths.data.map(({ name, visits }) => ({ name, visits }))).toEqual([
      { name: '/hello', visits: 2 },
      { name: '/robots.txt', visits: 1 },
    ]);
    expect(Math.round(paths.data[0]!.percentage)).toBe(67);
    const devices = await getTrafficDetail(t.client(demo), domain.guid, { field: 'DEVICES', ...today });
    expect(Object.fromEntries(devices.data.map((r) => [r.name, r.visits]))).toEqual({ DESKTOP: 1, MOBILE: 1, BOT: 1 });
    const referers = await getTrafficDetail(t.client(demo), domain.guid, { field: 'REFERERS', ...today });
    expect(referers.data).toEqual([{ name: 'https://www.google.com/', visits: 1, percentage: 100 }]);

    // The days before keep their generated history.
    const week = await getTraffic(t.client(demo), domain.guid, quickRange('LAST_7_DAYS', today.end_date));
    expect(week.total_visits).toBeGreaterThan(3);
  });
});
