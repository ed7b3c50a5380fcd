import type { Api } from '../api/client';
import { call } from '../api/send';
import type { getDashboardOp, getErrorDescriptionOp, getSupportArticleOp, getWhiteLabelOp, searchOp } from '../api/system';

/** Where each call of this area lives: written once here, spread into its definition in ../api/system.ts. */
export const systemRoutes = {
  getWhiteLabel: { id: 'auth.whitelabel.get', method: 'get', path: '/system/whitelabel/' },
  getErrorDescription: { id: 'shell.errors.get', method: 'get', path: '/system/errors/{code}/' },
  search: { id: 'shell.search.run', method: 'get', path: '/system/search/' },
  getSupportArticle: { id: 'shell.support.get', method: 'get', path: '/system/support/{id}/' },
  getDashboard: { id: 'shell.dashboard.get', method: 'get', path: '/dashboard/' },
} as const;

export const getWhiteLabel = (api: Api) => call<typeof getWhiteLabelOp>(api, systemRoutes.getWhiteLabel);
export const getDashboard = (api: Api) => call<typeof getDashboardOp>(api, systemRoutes.getDashboard);
export const search = (api: Api, q: string) => call<typeof searchOp>(api, systemRoutes.search, { query: { q } });
export const getErrorDescription = (api: Api, code: string) => call<typeof getErrorDescriptionOp>(api, systemRoutes.getErrorDescription, { params: { code } });
export const getSupportArticle = (api: Api, id: string) => call<typeof getSupportArticleOp>(api, systemRoutes.getSupportArticle, { params: { id } });
