import type { Api } from '../api/client';
import { call } from '../api/send';
import type { getWebsiteOp, listWebsitesOp } from '../api/websites';

/** Where each call of this area lives: written once here, spread into its definition in ../api/websites.ts. */
export const websiteRoutes = {
  listWebsites: { id: 'domains.websites.list', method: 'get', path: '/domains/websites/' },
  getWebsite: { id: 'domains.websites.get', method: 'get', path: '/domains/websites/{guid}/' },
} as const;

/** `search` holds the tags joined by commas; the server splits on commas and spaces as the panel does. */
export type WebsitesQuery = { page?: number; per_page?: number; search?: string | undefined };

export const listWebsites = (api: Api, query: WebsitesQuery = {}) => call<typeof listWebsitesOp>(api, websiteRoutes.listWebsites, { query });
export const getWebsite = (api: Api, website: string) => call<typeof getWebsiteOp>(api, websiteRoutes.getWebsite, { params: { guid: website } });
