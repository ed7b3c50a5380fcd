import type { Api } from '../api/client';
import { call } from '../api/send';
import type { cpanelLoginOp, softwareLoginOp } from '../api/domain-login';

/** Where each call of this area lives: written once here, spread into its definition in ../api/domain-login.ts. */
export const domainLoginRoutes = {
  softwareLogin: { id: 'domains.login.software', method: 'get', path: '/domains/{guid}/login/software/' },
  cpanelLogin: { id: 'domains.login.cpanel', method: 'get', path: '/domains/{guid}/login/cpanel/' },
} as const;

export const softwareLogin = (api: Api, guid: string) => call<typeof softwareLoginOp>(api, domainLoginRoutes.softwareLogin, { params: { guid } });
export const cpanelLogin = (api: Api, guid: string) => call<typeof cpanelLoginOp>(api, domainLoginRoutes.cpanelLogin, { params: { guid } });
