import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { ApiOptions } from '../../src/lib/api/client';
import {
  createRedirect,
  deleteRedirect,
  deleteRedirects,
  getMeta,
  getTraffic,
  getTrafficDetail,
  getTrafficGraph,
  listRedirects,
  updateMeta,
  updateRedirect,
} from '../../src/lib/requests/domain-web';
import { startAndFollowTask } from '../../src/lib/requests/task-events';
import { addDays, dayOf, quickRange, RANGE_OUT_OF_BOUNDS, RANGE_REVERSED } from '../../src/lib/rules/analytics-ranges';
import { FIELD_INVALID, TRAFFIC_FIELDS } from '../../src/lib/schemas/analytics';
import {
  DESTINATION_SCHEME,
  ENTER_DESTINATION,
  ENTER_URL,
  META_BOTH_OF_PAIR,
  REDIRECT_CODE_INVALID,
  SELECT_REDIRECTS,
  URL_RELATIVE,
  URL_WILDCARD,
} from '../../src/lib/schemas/redirects';
import type { Database } from '../../src/server/db/connection';
import { companies, domains, urlRedirects } from '../../src/server/db/schema/index';
import { withoutOwnerScopes } from './helpers/scopes';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** ACTIVE domains of the demo company, one per test that changes one. */
let active: { guid: string; domain: string }[];
let busyDomain: string;
let foreignDomain: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5, eventHeartbeatMs: 150 }));
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  active = await db
    .select({ guid: domains.guid, domain: domains.domain })
    .from(domains)
    .where(and(eq(domains.companyGuid, demo.company), eq(domains.status, 'ACTIVE'), eq(domains.metaStatus, 'ACTIVE'), eq(domains.isSubdomain, false)))
    .orderBy(domains.domain)
    .limit(12);
  busyDomain = (
    await db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, demo.company), ne(domains.status, 'ACTIVE')))
      .limit(1)
  )[0]!.guid;
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreignDomain = (await db.select().from(domains).where(eq(domains.companyGuid, bluebird!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

/** Runs `work` with some of the owner's scopes taken away, then gives them back. */
const withoutScopes = (scopes: string[], work: () => Promise<void>) => withoutOwnerScopes(database, demo.company, scopes, work);

const optionsOf = (session: { token: string; company: string }): ApiOptions => ({
  baseURL: 'http://hostdeck.test',
  credentials: () => ({ token: session.token, company: session.company }),
  fetch: async (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
});

const today = () => dayOf(t.deps.now());

describe('GET and POST /domains/{guid}/meta/', () => {
  it('answers the toggles, and a change runs as a task that applies them', async () => {
    const domain = active[0]!;
    await database.db
      .update(domains)
      .set({ redirectToHttp: true, redirectToHttps: false, redirectToWww: false, redirectToNonwww: false, cacheEnabled: false })
      .where(eq(domains.guid, domain.guid));
    expect(await getMeta(t.client(demo), domain.guid)).toEqual({
      redirect_to_https: false,
      redirect_to_http: true,
      redirect_to_www: false,
      redirect_to_nonwww: false,
      cache_enabled: false,
      status: 'ACTIVE',
    });

    let answer: Awaited<ReturnType<typeof updateMeta>> | undefined;
    const done = await startAndFollowTask(optionsOf(demo), async () => {
      answer = await updateMeta(t.client(demo), domain.guid, { redirect_to_https: true, cache_enabled: true });
      return answer.task;
    });
    expect(answer!.message).toBe('Settings successfully updated! Changes can take up to 5 minutes.');
    // Turning HTTPS on turned HTTP off (spec part 2, 4.4), shown at once while the task runs.
    expect(answer!.meta).toMatchObject({ redirect_to_https: true, redirect_to_http: false, cache_enabled: true, status: 'UPDATING' });
    expect(answer!.task.kind).toBe('DOMAIN_META');
    expect(answer!.task.items.map((i) => i.action)).toEqual(['APPLY_DOMAIN_META']);
    expect(done.status).toBe('COMPLETED');
    expect(await getMeta(t.client(demo), domain.guid)).toMatchObject({ redirect_to_https: true, redirect_to_http: false, cache_enabled: true, status: 'ACTIVE' });
  });

  it('turns www off when non-www goes on, and the other way round', async () => {
    const domain = active[1]!;
    await startAndFollowTask(optionsOf(demo), async () => (await updateMeta(t.client(demo), domain.guid, { redirect_to_www: true })).task);
    expect(await getMeta(t.client(demo), domain.guid)).toMatchObject({ redirect_to_www: true, redirect_to_nonwww: false });
    await startAndFollowTask(optionsOf(demo), async () => (await updateMeta(t.client(demo), domain.guid, { redirect_to_nonwww: true })).task);
    expect(await getMeta(t.client(demo), domain.guid)).toMatchObject({ redirect_to_www: false, redirect_to_nonwww: true });
  });

  it('refuses both of a pair at once, and a body with nothing to change', async () => {
    const domain = active[2]!;
    const both = await refusal(updateMeta(t.client(demo), domain.guid, { redirect_to_https: true, redirect_to_http: true }), 400);
    expect(both.body.errors).toEqual([META_BOTH_OF_PAIR]);
    await refusal(updateMeta(t.client(demo), domain.guid, {}), 400);
  });

  it('refuses a domain that is not ACTIVE, and a second change while one is applied, as busy', async () => {
    expect((await getMeta(t.client(demo), busyDomain)).status).not.toBe('ACTIVE');
    const busy = await refusal(updateMeta(t.client(demo), busyDomain, { cache_enabled: true }), 409);
    expect(busy.body.errors).toEqual(['The domain is busy. Please wait until its current task finishes!']);
    const domain = active[3]!;
    await database.db.update(domains).set({ metaStatus: 'UPDATING' }).where(eq(domains.guid, domain.guid));
    try {
      await refusal(updateMeta(t.client(demo), domain.guid, { cache_enabled: true }), 409);
    } finally {
      await database.db.update(domains).set({ metaStatus: 'ACTIVE' }).where(eq(domains.guid, domain.guid));
    }
  });

  it('needs can_edit_domain_redirects for the redirect flags and can_edit_domain_caching for caching', async () => {
    const domain = active[4]!;
    await withoutScopes(['can_edit_domain_redirects'], async () => {
      await refusal(updateMeta(t.client(demo), domain.guid, { redirect_to_www: true }), 403);
      await startAndFollowTask(optionsOf(demo), async () => (await updateMeta(t.client(demo), domain.guid, { cache_enabled: false })).task);
    });
    await withoutScopes(['can_edit_domain_caching'], async () => {
      await refusal(updateMeta(t.client(demo), domain.guid, { cache_enabled: true }), 403);
      expect((await getMeta(t.client(demo), domain.guid)).status).toBe('ACTIVE');
    });
  });

  it("answers 404 for another company's domain", async () => {
    await refusal(getMeta(t.client(demo), foreignDomain), 404);
    await refusal(updateMeta(t.client(demo), foreignDomain, { cache_enabled: true }), 404);
  });
});

describe('/domains/{guid}/redirects/', () => {
  it('creates a redirect with the destination lowercased and 301 by default, lists and searches it', async () => {
    const domain = active[5]!;
    const created = await createRedirect(t.client(demo), domain.guid, { urls: ['/old-page', '/blog/*'], destination: '  HTTPS://Example.COM/New ' });
    expect(created.message).toBe('Redirect successfully created!');
    expect(created.redirect).toMatchObject({ urls: ['/old-page', '/blog/*'], destination: 'https://example.com/new', response_code: 301, status: 'ACTIVE' });
    await createRedirect(t.client(demo), domain.guid, { urls: ['/shop'], destination: 'http://store.example.org/', response_code: 308 });

    const all = await listRedirects(t.client(demo), domain.guid);
    expect(all.total).toBe(2);
    expect(all.data.map((r) => r.urls[0])).toEqual(['/shop', '/old-page']);
    const byUrl = await listRedirects(t.client(demo), domain.guid, { search: 'old-pa' });
    expect(byUrl.data.map((r) => r.guid)).toEqual([created.redirect.guid]);
    const byDestination = await listRedirects(t.client(demo), domain.guid, { search: 'store.example' });
    expect(byDestination.data.map((r) => r.response_code)).toEqual([308]);
    expect((await listRedirects(t.client(demo), domain.guid, { page: 2, per_page: 1 })).data.map((r) => r.urls[0])).toEqual(['/old-page']);
  });

  it.each([
    [{ urls: [], destination: 'https://example.com/' }, ENTER_URL],
    [{ urls: ['', ' '], destination: 'https://example.com/' }, ENTER_URL],
    [{ urls: ['/a'], destination: '' }, ENTER_DESTINATION],
    [{ urls: ['/a'] }, ENTER_DESTINATION],
    [{ urls: ['/a'], destination: 'ftp://example.com/' }, DESTINATION_SCHEME],
    [{ urls: ['/a'], destination: '/relative' }, DESTINATION_SCHEME],
    [{ urls: ['https://example.com/a'], destination: 'https://example.com/' }, URL_RELATIVE],
    [{ urls: ['/a*/b'], destination: 'https://example.com/' }, URL_WILDCARD],
    [{ urls: ['/a'], destination: 'https://example.com/', response_code: 304 }, REDIRECT_CODE_INVALID],
  ])('refuses %j with its sentence', async (body, sentence) => {
    const error = await refusal(createRedirect(t.client(demo), active[6]!.guid, body as never), 400);
    expect(error.body.errors).toEqual([sentence]);
  });

  it('switches a redirect DISABLED and back, deletes one and several', async () => {
    const domain = active[6]!;
    const make = async (url: string) => (await createRedirect(t.client(demo), domain.guid, { urls: [url], destination: 'https://example.com/' })).redirect.guid;
    const [a, b, c] = [await make('/a'), await make('/b'), await make('/c')];
    const off = await updateRedirect(t.client(demo), domain.guid, a, { status: 'DISABLED' });
    expect(off).toMatchObject({ message: 'Redirect successfully updated!', redirect: { status: 'DISABLED' } });
    expect((await updateRedirect(t.client(demo), domain.guid, a, { status: 'ACTIVE' })).redirect.status).toBe('ACTIVE');

    expect((await deleteRedirect(t.client(demo), domain.guid, a)).message).toBe('Redirect successfully deleted!');
    await refusal(deleteRedirect(t.client(demo), domain.guid, a), 404);
    const bulk = await deleteRedirects(t.client(demo), domain.guid, [b, c]);
    expect(bulk).toEqual({ message: 'Redirects successfully deleted!', deleted: 2 });
    expect((await listRedirects(t.client(demo), domain.guid)).total).toBe(0);
  });

  it('deletes nothing when one of the redirects is not this domain’s, and asks for at least one', async () => {
    const domain = active[7]!;
    const mine = (await createRedirect(t.client(demo), domain.guid, { urls: ['/x'], destination: 'https://example.com/' })).redirect.guid;
    const other = (await createRedirect(t.client(demo), active[8]!.guid, { urls: ['/y'], destination: 'https://example.com/' })).redirect.guid;
    await refusal(deleteRedirects(t.client(demo), domain.guid, [mine, other]), 404);
    expect((await listRedirects(t.client(demo), domain.guid)).total).toBe(1);
    const none = await refusal(deleteRedirects(t.client(demo), domain.guid, []), 400);
    expect(none.body.errors).toEqual([SELECT_REDIRECTS]);
  });

  it("answers 404 for another company's domain and its redirects", async () => {
    const [theirs] = await database.db
      .insert(urlRedirects)
      .values({
        companyGuid: (await database.db.select().from(domains).where(eq(domains.guid, foreignDomain)))[0]!.companyGuid,
        domainGuid: foreignDomain,
        urls: ['/z'],
        destination: 'https://example.com/',
      })
      .returning();
    await refusal(listRedirects(t.client(demo), foreignDomain), 404);
    await refusal(createRedirect(t.client(demo), foreignDomain, { urls: ['/a'], destination: 'https://example.com/' }), 404);
    await refusal(updateRedirect(t.client(demo), foreignDomain, theirs!.guid, { status: 'DISABLED' }), 404);
    await refusal(deleteRedirect(t.client(demo), foreignDomain, theirs!.guid), 404);
    await refusal(deleteRedirects(t.client(demo), foreignDomain, [theirs!.guid]), 404);
    // Named under one of the demo company's own domains, it is still not found.
    await refusal(updateRedirect(t.client(demo), active[7]!.guid, theirs!.guid, { status: 'DISABLED' }), 404);
  });
});

describe('/domains/{guid}/traffic/', () => {
  it('answers totals, a point per day and the top 10 countries, the same on every call', async () => {
    const domain = active[9]!;
    const range = quickRange('LAST_14_DAYS', today());
    const overview = await getTraffic(t.client(demo), domain.guid, range);
    expect(overview.domain_visits).toHaveLength(14);
    expect(overview.domain_visits[0]!.timestamp).toBe(`${range.start_date}T00:00:00.000Z`);
    expect(overview.total_visits).toBe(overview.domain_visits.reduce((a, p) => a + p.visits, 0));
    expect(overview.total_visits).toBeGreaterThan(0);
    expect(overview.unique_visits).toBeLessThanOrEqual(overview.total_visits);
    expect(overview.country_visits.length).toBeLessThanOrEqual(10);
    expect(overview.country_visits.map((c) => c.visits)).toEqual([...overview.country_visits.map((c) => c.visits)].sort((a, b) => b - a));
    expect(await getTraffic(t.client(demo), domain.guid, range)).toEqual(overview);
  });

  it('answers a point per hour for one day', async () => {
    const overview = await getTraffic(t.client(demo), active[9]!.guid, quickRange('YESTERDAY', today()));
    expect(overview.domain_visits).toHaveLength(24);
  });

  it.each(TRAFFIC_FIELDS)('details %s with percentages that add up to 100', async (field) => {
    const detail = await getTrafficDetail(t.client(demo), active[9]!.guid, { field, ...quickRange('LAST_7_DAYS', today()) });
    expect(detail.field).toBe(field);
    expect(detail.total).toBe(detail.data.reduce((a, r) => a + r.visits, 0));
    if (detail.total > 0) expect(detail.data.reduce((a, r) => a + r.percentage, 0)).toBeCloseTo(100, 5);
  });

  it('draws the small chart of the last 7 days without parameters, and a field as series', async () => {
    const small = await getTrafficGraph(t.client(demo), active[9]!.guid);
    expect(small).toMatchObject({ field: null, ...quickRange('LAST_7_DAYS', today()) });
    expect(small.timestamps).toHaveLength(7);
    expect(small.series.map((s) => s.name)).toEqual(['Visits']);
    const browsers = await getTrafficGraph(t.client(demo), active[9]!.guid, { field: 'BROWSERS', ...quickRange('LAST_7_DAYS', today()) });
    expect(browsers.series.length).toBeGreaterThan(0);
    expect(browsers.series.length).toBeLessThanOrEqual(5);
    expect(browsers.series.every((s) => s.visits.length === 7)).toBe(true);
  });

  it('refuses ranges outside the last 30 days, in the future, reversed, and unknown fields', async () => {
    const domain = active[9]!.guid;
    const day = today();
    const outOfBounds = await refusal(getTraffic(t.client(demo), domain, { start_date: addDays(day, -30), end_date: day }), 400);
    expect(outOfBounds.body.errors).toEqual([RANGE_OUT_OF_BOUNDS]);
    await refusal(getTraffic(t.client(demo), domain, { start_date: day, end_date: addDays(day, 1) }), 400);
    const reversed = await refusal(getTraffic(t.client(demo), domain, { start_date: day, end_date: addDays(day, -1) }), 400);
    expect(reversed.body.errors).toEqual([RANGE_REVERSED]);
    const field = await refusal(getTrafficDetail(t.client(demo), domain, { field: 'COLOURS' as never, start_date: day, end_date: day }), 400);
    expect(field.body.errors).toEqual([FIELD_INVALID]);
    await refusal(getTrafficGraph(t.client(demo), domain, { start_date: day }), 400);
  });

  it("answers 404 for another company's domain", async () => {
    const range = quickRange('TODAY', today());
    await refusal(getTraffic(t.client(demo), foreignDomain, range), 404);
    await refusal(getTrafficDetail(t.client(demo), foreignDomain, { field: 'OS', ...range }), 404);
    await refusal(getTrafficGraph(t.client(demo), foreignDomain), 404);
  });
});

describe('redirect, toggle and analytics sentences not met above', () => {
  it('answers each one for the input that triggers it, writing nothing', async () => {
    const domain = active[10]!.guid;
    const before = await database.db.select().from(urlRedirects).where(eq(urlRedirects.domainGuid, domain));
    const errors = async (promise: Promise<unknown>) => (await refusal(promise, 400)).body.errors;
    expect(await errors(createRedirect(t.client(demo), domain, { urls: ['/a'], destination: 'https://' }))).toEqual(['Please enter a valid destination address!']);
    expect(await errors(createRedirect(t.client(demo), domain, { urls: Array.from({ length: 101 }, (_, i) => `/p${i}`), destination: 'https://example.com/' }))).toEqual([
      'A redirect can hold at most 100 URLs.',
    ]);
    expect(await errors(createRedirect(t.client(demo), domain, { urls: ['/a'], destination: `https://example.com/${'x'.repeat(2000)}` }))).toEqual([
      'The destination can be at most 2000 characters long.',
    ]);
    expect(await errors(updateMeta(t.client(demo), domain, {}))).toEqual(['Please choose a redirect or caching setting to change!']);
    expect(await errors(updateMeta(t.client(demo), domain, { cache_enabled: 'on' as never }))).toEqual(['Caching must be true or false.']);
    expect(await errors(deleteRedirects(t.client(demo), domain, ['nope']))).toEqual(['Unknown redirect.']);
    expect(await database.db.select().from(urlRedirects).where(eq(urlRedirects.domainGuid, domain))).toEqual(before);
  });

  it("says 'Redirect not found.' and checks the switch's value", async () => {
    const domain = active[10]!.guid;
    const { redirect } = await createRedirect(t.client(demo), domain, { urls: ['/switch'], destination: 'https://example.com/' });
    expect((await refusal(updateRedirect(t.client(demo), domain, redirect.guid, { status: 'PAUSED' as never }), 400)).body.errors).toEqual(['Status must be ACTIVE or DISABLED.']);
    expect((await refusal(updateRedirect(t.client(demo), domain, crypto.randomUUID(), { status: 'DISABLED' }), 404)).body.errors).toEqual(['Redirect not found.']);
    expect((await refusal(deleteRedirect(t.client(demo), domain, crypto.randomUUID()), 404)).body.errors).toEqual(['Redirect not found.']);
  });

  it('asks for dates as YYYY-MM-DD, and both or neither for the small chart', async () => {
    const domain = active[9]!.guid;
    const day = today();
    expect((await refusal(getTraffic(t.client(demo), domain, { start_date: '1 May', end_date: day }), 400)).body.errors).toEqual(['Please enter dates as YYYY-MM-DD!']);
    expect((await refusal(getTrafficGraph(t.client(demo), domain, { start_date: day }), 400)).body.errors).toEqual(['Please enter both the start and the end date, or neither!']);
  });
});
