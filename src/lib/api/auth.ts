import type { Api } from './client';
import type { LoginInput } from '../schemas/auth';

export interface AccountManager {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
}

export interface TodoList {
  set_up_hosting_account: boolean;
  set_up_ip_group: boolean;
  set_up_add_ip_addresses: boolean;
  set_up_domain_group: boolean;
  set_up_domains: boolean;
  closed: boolean;
}

/** The company the session acts for, with the viewer's scopes in it. */
export interface SessionCompany {
  guid: string;
  name: string;
  permissions: string[];
  white_label: Record<string, unknown> | null;
  is_partner: boolean;
  currency: 'USD' | 'EUR';
  show_getting_started: boolean;
  getting_started_step: number;
  getting_started_data: Record<string, unknown>;
  account_type: string;
  user_type: string;
  account_manager: AccountManager | null;
}

export interface SessionUser {
  guid: string;
  first_name: string;
  last_name: string;
  email: string;
  is_customer: boolean;
  todo_list: TodoList | null;
  company: SessionCompany;
  company_list: { guid: string; name: string }[];
}

export interface WhoAmI {
  user: SessionUser;
}

export type LoginResult =
  | { token: string; user: SessionUser }
  | { session_id: string; verification: '2fa' | 'device' };

export const whoami = (api: Api) => api.get<WhoAmI>('/account/whoami/');
export const login = (api: Api, input: LoginInput) => api.post<LoginResult>('/auth/login/', input);
export const logout = (api: Api) => api.post<{ success: true }>('/auth/logout/');

/** Checks that the user may act for a company before switching to it. */
export const validateCompany = (api: Api, guid: string) =>
  api.get<{ company: { guid: string; name: string } }>(`/account/validate_company/${encodeURIComponent(guid)}/`);
