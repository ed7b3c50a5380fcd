import type { Api } from '../api/client';
import { call } from '../api/send';
import type { loginOp, logoutOp, validateCompanyOp, whoamiOp } from '../api/auth';
import type { LoginInput } from '../schemas/auth';

/** Where each call of this area lives: written once here, spread into its definition in ../api/auth.ts. */
export const authRoutes = {
  whoami: { id: 'auth.whoami.get', method: 'get', path: '/account/whoami/' },
  validateCompany: { id: 'auth.company.validate', method: 'get', path: '/account/validate_company/{guid}/' },
  login: { id: 'auth.login.password', method: 'post', path: '/auth/login/' },
  logout: { id: 'auth.session.end', method: 'post', path: '/auth/logout/' },
} as const;

export const whoami = (api: Api) => call<typeof whoamiOp>(api, authRoutes.whoami);
export const login = (api: Api, input: LoginInput) => call<typeof loginOp>(api, authRoutes.login, { body: input });
export const logout = (api: Api) => call<typeof logoutOp>(api, authRoutes.logout);
/** Checks that the user may act for a company before switching to it. */
export const validateCompany = (api: Api, guid: string) => call<typeof validateCompanyOp>(api, authRoutes.validateCompany, { params: { guid } });
