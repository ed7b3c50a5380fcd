import {
  createRedirectOp,
  deleteRedirectOp,
  deleteRedirectsOp,
  DOMAIN_NOT_FOUND,
  getMetaOp,
  listRedirectsOp,
  META_UPDATED,
  REDIRECT_CREATED,
  REDIRECT_DELETED,
  REDIRECT_UPDATED,
  REDIRECTS_DELETED,
  trafficDetailOp,
  trafficGraphOp,
  trafficOp,
  updateMetaOp,
  updateRedirectOp,
} from '../../lib/api/domain-web';
import { dayOf, DEFAULT_GRAPH_RANGE, quickRange, rangeProblem, type DateRange } from '../../lib/rules/analytics-ranges';
import { badRequest } from '../http/errors';
import { implement } from '../http/operation';
import { visibleDomain } from '../services/domain-access';
import { metaOf } from '../services/domain-meta';
import { createRedirect, deleteRedirect, deleteRedirects, domainRow, redirectsPage, setRedirectStatus, updateMeta } from '../services/domain-web';
import { trafficDetail, trafficGraph, trafficOverview } from '../services/traffic';

/** The Misc, URL Redirects and Analytics tabs of the domain drawer (spec part 2, 2.7, 4.2, 4.4, 7.3, 7.4). */

/** Spec part 2, 5 "Analytics range", checked against the server's clock. */
function checkedRange(range: DateRange, now: Date): DateRange {
  const problemText = rangeProblem(range, dayOf(now));
  if (problemText) throw badRequest({ start_date: problemText });
  return range;
}

export const domainWebOperations = [
  implement(getMetaOp, async (c, { params }) => metaOf(await domainRow(c.var.deps.db, c.var.company, params.guid))),

  implement(updateMetaOp, async (c, { params, body }) => ({ message: META_UPDATED, ...(await updateMeta(c, params.guid, body)) })),

  implement(listRedirectsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    return redirectsPage(db, await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND), query);
  }),

  implement(createRedirectOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const domain = await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND);
    return { message: REDIRECT_CREATED, redirect: await createRedirect(db, domain, body, now()) };
  }),

  implement(updateRedirectOp, async (c, { params, body }) => ({
    message: REDIRECT_UPDATED,
    redirect: await setRedirectStatus(c.var.deps.db, c.var.company, params.guid, params.id, body.status),
  })),

  implement(deleteRedirectOp, async (c, { params }) => {
    await deleteRedirect(c.var.deps.db, c.var.company, params.guid, params.id);
    return { message: REDIRECT_DELETED };
  }),

  /** All or nothing: a guid that is not one of this domain's redirects refuses the whole request. */
  implement(deleteRedirectsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const domain = await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND);
    return { message: REDIRECTS_DELETED, deleted: await deleteRedirects(db, domain, query.redirect) };
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
