import type { Api } from '../api/client';
import { call } from '../api/send';
import type { createForwarderOp, createSubdomainOp, deleteForwarderOp, listForwardersOp, listSubdomainsOp } from '../api/domain-extras';
import type { ForwarderCreate, SubdomainCreate } from '../schemas/domain-extras';

/** Where each call of this area lives: written once here, spread into its definition in ../api/domain-extras.ts. */
export const domainExtrasRoutes = {
  listSubdomains: { id: 'domains.subdomains.list', method: 'get', path: '/domains/{guid}/subdomains/' },
  createSubdomain: { id: 'domains.subdomains.create', method: 'post', path: '/domains/{guid}/subdomains/' },
  listForwarders: { id: 'domains.email_addresses.list', method: 'get', path: '/domains/{guid}/email_addresses/' },
  createForwarder: { id: 'domains.email_addresses.create', method: 'post', path: '/domains/{guid}/email_addresses/' },
  deleteForwarder: { id: 'email_addresses.delete', method: 'delete', path: '/email_addresses/{guid}/' },
} as const;

type Paging = { page?: number; per_page?: number };

export const listSubdomains = (api: Api, domain: string, query: Paging = {}) =>
  call<typeof listSubdomainsOp>(api, domainExtrasRoutes.listSubdomains, { params: { guid: domain }, query });
export const createSubdomain = (api: Api, domain: string, body: SubdomainCreate) =>
  call<typeof createSubdomainOp>(api, domainExtrasRoutes.createSubdomain, { params: { guid: domain }, body });
export const listForwarders = (api: Api, domain: string, query: Paging = {}) =>
  call<typeof listForwardersOp>(api, domainExtrasRoutes.listForwarders, { params: { guid: domain }, query });
export const createForwarder = (api: Api, domain: string, body: ForwarderCreate) =>
  call<typeof createForwarderOp>(api, domainExtrasRoutes.createForwarder, { params: { guid: domain }, body });
/** Schedules the forwarder's removal (a task); the forwarder is named by its own guid (spec part 2, 7.4). */
export const deleteForwarder = (api: Api, forwarder: string) => call<typeof deleteForwarderOp>(api, domainExtrasRoutes.deleteForwarder, { params: { guid: forwarder } });
