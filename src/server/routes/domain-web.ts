import { metaOf } from '../services/domain-meta';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  createRedirectOp,
  deleteRedirectOp,
  deleteRedirectsOp,
  DOMAIN_BUSY,
  DOMAIN_NOT_FOUND,
  getMetaOp,
  listRedirectsOp,
  META_UPDATED,
  REDIRECT_CREATED,
  REDIRECT_DELETED,
  REDIRECT_NOT_FOUND,
  REDIRECT_UPDATED,
  REDIRECTS_DELETED,
  trafficDetailOp,
  trafficGraphOp,
  trafficOp,
  updateMetaOp,
  updateRedirectOp,
  type UrlRedirect,
} from '../../lib/api/domain-web';
import { dayOf, DEFAULT_GRAPH_RANGE, quickRange, rangeProblem, type DateRange } from '../../lib/rules/analytics-ranges';
import { META_FLAGS, REDIRECT_FLAGS, withExclusions, type MetaFlags, type RedirectCode, type RedirectStatus } from '../../lib/schemas/redirects';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern, countRows, pageOfRows } from '../db/lists';
import { domains, urlRedirects } from '../db/schema/index';
import { badRequest, forbidden, notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { DOMAIN_META, domainMetaItems, metaColumns } from '../jobs/steps/domain-meta';
import { visibleDomain } from '../services/domain-access';
import { taskAnswers } from '../services/task-answers';
import { trafficDetail, trafficGraph, trafficOverview } from '../services/traffic';

/** The Misc, URL Redirects and Analytics tabs of the domain drawer (spec part 2, 2.7, 4.2, 4.4, 7.3, 7.4). */

type DomainRow = typeof domains.$inferSelect;
type RedirectRow = typeof urlRedirects.$inferSelect;

const redirectOf = (r: RedirectRow): UrlRedirect => ({
  guid: r.guid,
  urls: r.urls,
  destination: r.destination,
  response_code: r.responseCode as RedirectCode,
  status: r.status as RedirectStatus,
  date_created: r.dateCreated.toISOString(),
});

/** The domain row the path names, on visibleDomain's terms (another company's: 404). */
async function domainRow(db: Db, company: CompanyContext, guid: string): Promise<DomainRow> {
  const ref = await visibleDomain(db, company, guid, DOMAIN_NOT_FOUND);
  const [row] = await db.select().from(domains).where(eq(domains.guid, ref.guid));
  return row!;
}

/** The redirect the path names, of a domain the member may see. */
async function redirectRow(db: Db, company: CompanyContext, domainGuid: string, id: string): Promise<RedirectRow> {
  await visibleDomain(db, company, domainGuid, REDIRECT_NOT_FOUND);
  const [row] = await db.select().from(urlRedirects).where(and(eq(urlRedirects.guid, id), eq(urlRedirects.domainGuid, domainGuid)));
  if (!row) throw notFound(REDIRECT_NOT_FOUND);
  return row;
}

/** Spec part 2, 5 "Analytics range", checked against the server's clock. */
function checkedRange(range: DateRange, now: Date): DateRange {
  const problemText = rangeProblem(range, dayOf(now));
  if (problemText) throw badRequest({ start_date: problemText });
  return range;
}

export const domainWebOperations = [
  implement(getMetaOp, async (c, { params }) => metaOf(await domainRow(c.var.deps.db, c.var.company, params.guid))),

  /**
   * Spec part 2, 4.4 and 6: the redirect flags need can_edit_domain_redirects, caching
   * can_edit_domain_caching; only an ACTIVE domain with no change in flight (4.1).
   */
  implement(updateMetaOp, async (c, { params, body }) => {
    const { db, jobs } = c.var.deps;
    const company = c.var.company;
    const row = await domainRow(db, company, params.guid);
    const touchesRedirects = REDIRECT_FLAGS.some((f) => body[f] !== undefined);
    if (touchesRedirects && !company.permissions.has('can_edit_domain_redirects')) throw forbidden();
    if (body.cache_enabled !== undefined && !company.permissions.has('can_edit_domain_caching')) throw forbidden();
    const change = withExclusions(Object.fromEntries(META_FLAGS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])) as Partial<MetaFlags>);

    // The status check and the UPDATING mark in one statement, so two quick clicks start one change.
    const claimed = await db
      .update(domains)
      .set({ metaStatus: 'UPDATING', dateUpdated: c.var.deps.now() })
      .where(and(eq(domains.guid, row.guid), eq(domains.status, 'ACTIVE'), eq(domains.metaStatus, 'ACTIVE')))
      .returning();
    if (claimed.length === 0) throw problem(409, DOMAIN_BUSY, { code: 'domain_busy' });
    try {
      const { task } = await jobs.startTask({ companyGuid: company.guid, domainGroupGuid: row.groupGuid, kind: DOMAIN_META, createdBy: c.var.viewer.userGuid, items: domainMetaItems(row, change) });
      const [answer] = await taskAnswers(db, [task]);
      // The meta as it will be once the task finishes, still UPDATING until then.
      const meta = metaOf({ ...claimed[0]!, ...metaColumns(change) });
      return { message: META_UPDATED, meta, task: answer! };
    } catch (error) {
      await db.update(domains).set({ metaStatus: 'ACTIVE' }).where(eq(domains.guid, row.guid));
      throw error;
    }
  }),

  implement(listRedirectsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const domain = await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND);
    const search = query.search?.trim();
    const pattern = search ? containsPattern(search) : null;
    const filter: SQL | undefined = and(
      eq(urlRedirects.domainGuid, domain.guid),
      pattern ? or(ilike(urlRedirects.destination, pattern), sql`array_to_string(${urlRedirects.urls}, ' ') ilike ${pattern}`) : undefined,
    );
    return pageOfRows(
      query,
      async (limit, offset) =>
        (await db.select().from(urlRedirects).where(filter).orderBy(desc(urlRedirects.dateCreated), desc(urlRedirects.guid)).limit(limit).offset(offset)).map(redirectOf),
      () => countRows(db, urlRedirects, filter),
    );
  }),

  implement(createRedirectOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const domain = await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND);
    const [row] = await db
      .insert(urlRedirects)
      .values({ companyGuid: domain.companyGuid, domainGuid: domain.guid, urls: body.urls, destination: body.destination, responseCode: body.response_code, status: 'ACTIVE', dateCreated: c.var.deps.now() })
      .returning();
    return { message: REDIRECT_CREATED, redirect: redirectOf(row!) };
  }),

  implement(updateRedirectOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const row = await redirectRow(db, c.var.company, params.guid, params.id);
    const [updated] = await db.update(urlRedirects).set({ status: body.status }).where(eq(urlRedirects.guid, row.guid)).returning();
    return { message: REDIRECT_UPDATED, redirect: redirectOf(updated!) };
  }),

  implement(deleteRedirectOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await redirectRow(db, c.var.company, params.guid, params.id);
    await db.delete(urlRedirects).where(eq(urlRedirects.guid, row.guid));
    return { message: REDIRECT_DELETED };
  }),

  /** All or nothing: a guid that is not one of this domain's redirects refuses the whole request. */
  implement(deleteRedirectsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const domain = await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND);
    const ids = [...new Set(query.redirect)];
    const deleted = await db.transaction(async (tx) => {
      const gone = await tx
        .delete(urlRedirects)
        .where(and(eq(urlRedirects.domainGuid, domain.guid), inArray(urlRedirects.guid, ids)))
        .returning({ guid: urlRedirects.guid });
      if (gone.length !== ids.length) throw notFound(REDIRECT_NOT_FOUND);
      return gone.length;
    });
    return { message: REDIRECTS_DELETED, deleted };
  }),

  implement(trafficOp, async (c, { params, query }) => {
    const { db, now } = c.var.deps;
    const domain = await domainRow(db, c.var.company, params.guid);
    return trafficOverview(db, domain, checkedRange(query, now()));
  }),

  implement(trafficDetailOp, async (c, { params, query }) => {
    const { db, now } = c.var.deps;
    const domain = await domainRow(db, c.var.company, params.guid);
    return trafficDetail(db, domain, query.field, checkedRange({ start_date: query.start_date, end_date: query.end_date }, now()));
  }),

  /** Spec part 2, 7.3: without dates, the drawer's small chart (the last 7 days). */
  implement(trafficGraphOp, async (c, { params, query }) => {
    const { db, now } = c.var.deps;
    const domain = await domainRow(db, c.var.company, params.guid);
    const range =
      query.start_date && query.end_date ? checkedRange({ start_date: query.start_date, end_date: query.end_date }, now()) : quickRange(DEFAULT_GRAPH_RANGE, dayOf(now()));
    return trafficGraph(db, domain, query.field ?? null, range);
  }),
];
