import { z } from 'zod';
import { domainWebRoutes } from '../requests/domain-web';
import { TRAFFIC_FIELDS, trafficDetailQuery, trafficGraphQuery, trafficQuery } from '../schemas/analytics';
import { metaUpdateSchema, REDIRECT_CODES, REDIRECT_STATUSES, redirectBulkDeleteQuery, redirectCreateSchema, redirectListQuery, redirectStatusSchema } from '../schemas/redirects';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';
import { task } from './tasks';

/**
 * What the HTTP edge does for a domain, seen from the panel (spec part 2, 2.7 Misc, URL
 * Redirects and Analytics; 3 "Domain meta", "URL redirect", "Traffic analytics"; 7.3, 7.4).
 */

export const DOMAIN_NOT_FOUND = 'Domain not found.';
export const REDIRECT_NOT_FOUND = 'Redirect not found.';
export { DOMAIN_BUSY, META_UPDATED, REDIRECT_CREATED, REDIRECT_DELETED, REDIRECT_UPDATED, REDIRECTS_DELETED } from '../schemas/redirects';

export const domainMeta = z
  .object({
    redirect_to_https: z.boolean(),
    redirect_to_http: z.boolean(),
    redirect_to_www: z.boolean(),
    redirect_to_nonwww: z.boolean(),
    cache_enabled: z.boolean(),
    /** UPDATING while a change is applied, else the domain's status: toggles can change only when ACTIVE. */
    status: z.string(),
  })
  .meta({ id: 'DomainMeta' });
export type DomainMeta = z.infer<typeof domainMeta>;

export const urlRedirect = z
  .object({
    guid: z.guid(),
    urls: z.array(z.string()),
    destination: z.string(),
    response_code: z.union(REDIRECT_CODES.map((c) => z.literal(c))),
    status: z.enum(REDIRECT_STATUSES),
    date_created: z.iso.datetime(),
  })
  .meta({ id: 'UrlRedirect' });
export type UrlRedirect = z.infer<typeof urlRedirect>;

const point = z.object({ timestamp: z.iso.datetime(), visits: z.number().int() });

export const trafficOverview = z
  .object({
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    total_visits: z.number().int(),
    unique_visits: z.number().int(),
    /** Bytes sent. */
    bandwidth_usage: z.number().int(),
    /** Per hour for a one-day range, else per day. */
    domain_visits: z.array(point),
    /** The top 10 (spec part 2, 9). */
    country_visits: z.array(z.object({ country_code: z.string().nullable(), country: z.string(), visits: z.number().int() })),
  })
  .meta({ id: 'TrafficOverview' });
export type TrafficOverview = z.infer<typeof trafficOverview>;

export const trafficDetail = z
  .object({
    field: z.enum(TRAFFIC_FIELDS),
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    total: z.number().int(),
    /** Most visits first; `percentage` of `total`, unrounded (the panel rounds). */
    data: z.array(z.object({ name: z.string(), visits: z.number().int(), percentage: z.number() })),
  })
  .meta({ id: 'TrafficDetail' });
export type TrafficDetail = z.infer<typeof trafficDetail>;

export const trafficGraph = z
  .object({
    field: z.enum(TRAFFIC_FIELDS).nullable(),
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    /** The x axis: hours for a one-day range, else days. */
    timestamps: z.array(z.iso.datetime()),
    /** One series of all visits without a field; with one, its top five values. */
    series: z.array(z.object({ name: z.string(), visits: z.array(z.number().int()) })),
  })
  .meta({ id: 'TrafficGraph' });
export type TrafficGraph = z.infer<typeof trafficGraph>;

const domainParams = z.object({ guid: guidParam });
const redirectParams = z.object({ guid: guidParam, id: guidParam });
const area = 'domains';
const view = ['can_view_domains'] as const;

export const getMetaOp = defineOperation({
  ...domainWebRoutes.getMeta,
  area,
  summary: "The domain's redirect and caching toggles",
  params: domainParams,
  answer: domainMeta,
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});

/**
 * Changes toggles as a task (kind DOMAIN_META). The redirect flags need
 * can_edit_domain_redirects and cache_enabled can_edit_domain_caching, checked against the body.
 */
export const updateMetaOp = defineOperation({
  ...domainWebRoutes.updateMeta,
  area,
  summary: 'Changes redirect and caching toggles (a task); one of a pair on turns the other off',
  params: domainParams,
  body: metaUpdateSchema,
  answer: z.object({ message: z.string(), meta: domainMeta, task }),
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});

export const listRedirectsOp = defineOperation({
  ...domainWebRoutes.listRedirects,
  area,
  summary: "The domain's URL redirects, newest first; search matches urls and destination",
  params: domainParams,
  query: redirectListQuery,
  answer: pageOf(urlRedirect),
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});

export const createRedirectOp = defineOperation({
  ...domainWebRoutes.createRedirect,
  area,
  summary: 'Adds a URL redirect',
  params: domainParams,
  body: redirectCreateSchema,
  answer: z.object({ message: z.string(), redirect: urlRedirect }),
  status: 201,
  scopes: [...view, 'can_add_domain_url_redirects'],
  notFound: DOMAIN_NOT_FOUND,
});

export const updateRedirectOp = defineOperation({
  ...domainWebRoutes.updateRedirect,
  area,
  summary: 'Turns a URL redirect ACTIVE or DISABLED',
  params: redirectParams,
  body: redirectStatusSchema,
  answer: z.object({ message: z.string(), redirect: urlRedirect }),
  scopes: [...view, 'can_edit_domain_url_redirects'],
  notFound: REDIRECT_NOT_FOUND,
});

export const deleteRedirectOp = defineOperation({
  ...domainWebRoutes.deleteRedirect,
  area,
  summary: 'Deletes a URL redirect',
  params: redirectParams,
  answer: messageAnswer,
  scopes: [...view, 'can_delete_domain_url_redirects'],
  notFound: REDIRECT_NOT_FOUND,
});

export const deleteRedirectsOp = defineOperation({
  ...domainWebRoutes.deleteRedirects,
  area,
  summary: 'Deletes the URL redirects named by repeated `redirect` parameters (all or none)',
  params: domainParams,
  query: redirectBulkDeleteQuery,
  answer: z.object({ message: z.string(), deleted: z.number().int() }),
  scopes: [...view, 'can_delete_domain_url_redirects'],
  notFound: DOMAIN_NOT_FOUND,
});

export const trafficOp = defineOperation({
  ...domainWebRoutes.traffic,
  area,
  summary: 'Traffic totals, visits over time and the top 10 countries for a range within the last 30 days',
  params: domainParams,
  query: trafficQuery,
  answer: trafficOverview,
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});

export const trafficDetailOp = defineOperation({
  ...domainWebRoutes.trafficDetail,
  area,
  summary: 'Visits per value of one field (countries, bots, devices, browsers, OS, referers, paths)',
  params: domainParams,
  query: trafficDetailQuery,
  answer: trafficDetail,
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});

export const trafficGraphOp = defineOperation({
  ...domainWebRoutes.trafficGraph,
  area,
  summary: 'Visits over time, all or per value of a field; without dates the last 7 days',
  params: domainParams,
  query: trafficGraphQuery,
  answer: trafficGraph,
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});
