import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  createRedirectOp,
  deleteRedirectOp,
  deleteRedirectsOp,
  getMetaOp,
  listRedirectsOp,
  trafficDetailOp,
  trafficGraphOp,
  trafficOp,
  updateMetaOp,
  updateRedirectOp,
} from '../api/domain-web';
import type { TrafficDetailQuery, TrafficGraphQuery, TrafficQuery } from '../schemas/analytics';
import type { MetaUpdate, RedirectCreate, RedirectListQuery, RedirectStatusChange } from '../schemas/redirects';

/** Where each call of this area lives: written once here, spread into its definition in ../api/domain-web.ts. */
export const domainWebRoutes = {
  getMeta: { id: 'domains.meta.get', method: 'get', path: '/domains/{guid}/meta/' },
  updateMeta: { id: 'domains.meta.update', method: 'post', path: '/domains/{guid}/meta/' },
  listRedirects: { id: 'domains.redirects.list', method: 'get', path: '/domains/{guid}/redirects/' },
  createRedirect: { id: 'domains.redirects.create', method: 'post', path: '/domains/{guid}/redirects/' },
  updateRedirect: { id: 'domains.redirects.update', method: 'patch', path: '/domains/{guid}/redirects/{id}/' },
  deleteRedirect: { id: 'domains.redirects.delete', method: 'delete', path: '/domains/{guid}/redirects/{id}/' },
  deleteRedirects: { id: 'domains.redirects.bulk_delete', method: 'delete', path: '/domains/{guid}/redirects/' },
  traffic: { id: 'domains.traffic.get', method: 'get', path: '/domains/{guid}/traffic/' },
  trafficDetail: { id: 'domains.traffic.detail', method: 'get', path: '/domains/{guid}/traffic/detail/' },
  trafficGraph: { id: 'domains.traffic.graph', method: 'get', path: '/domains/{guid}/traffic/graph/' },
} as const;

export const getMeta = (api: Api, domain: string) => call<typeof getMetaOp>(api, domainWebRoutes.getMeta, { params: { guid: domain } });
export const updateMeta = (api: Api, domain: string, body: MetaUpdate) => call<typeof updateMetaOp>(api, domainWebRoutes.updateMeta, { params: { guid: domain }, body });

export const listRedirects = (api: Api, domain: string, query: RedirectListQuery = {}) =>
  call<typeof listRedirectsOp>(api, domainWebRoutes.listRedirects, { params: { guid: domain }, query });
export const createRedirect = (api: Api, domain: string, body: RedirectCreate) =>
  call<typeof createRedirectOp>(api, domainWebRoutes.createRedirect, { params: { guid: domain }, body });
export const updateRedirect = (api: Api, domain: string, id: string, body: RedirectStatusChange) =>
  call<typeof updateRedirectOp>(api, domainWebRoutes.updateRedirect, { params: { guid: domain, id }, body });
export const deleteRedirect = (api: Api, domain: string, id: string) => call<typeof deleteRedirectOp>(api, domainWebRoutes.deleteRedirect, { params: { guid: domain, id } });
export const deleteRedirects = (api: Api, domain: string, ids: string[]) =>
  call<typeof deleteRedirectsOp>(api, domainWebRoutes.deleteRedirects, { params: { guid: domain }, query: { redirect: ids } });

export const getTraffic = (api: Api, domain: string, query: TrafficQuery) => call<typeof trafficOp>(api, domainWebRoutes.traffic, { params: { guid: domain }, query });
export const getTrafficDetail = (api: Api, domain: string, query: TrafficDetailQuery) =>
  call<typeof trafficDetailOp>(api, domainWebRoutes.trafficDetail, { params: { guid: domain }, query });
export const getTrafficGraph = (api: Api, domain: string, query: TrafficGraphQuery = {}) =>
  call<typeof trafficGraphOp>(api, domainWebRoutes.trafficGraph, { params: { guid: domain }, query });
