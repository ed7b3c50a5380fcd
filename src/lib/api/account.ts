import type { Api } from './client';
import type { Page } from '../schemas/lists';
import type { AccountListQuery } from './account-activity';
import type { CompanyCreateInput, PasswordChangeInput, PreferenceInput, PreferenceKey, ProfileInput } from '../schemas/account';

/** Account area contract (spec part 1, 2.6 and 7 'Profile, security and account area'). */

export type Preferences = Record<PreferenceKey, boolean>;

export interface Profile extends Preferences {
  first_name: string;
  last_name: string;
  email: string;
}

export interface Message {
  message: string;
}

export interface CompanyMembership {
  guid: string;
  company: { guid: string; name: string };
  date_created: string;
  status: string;
  account_type: string;
  user_type: string;
  /** The user's default company (picked when no Company header is sent). */
  is_default: boolean;
  /** The company this request acts for. */
  is_active: boolean;
}

export interface CompanyDetail {
  guid: string;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
  currency: 'USD' | 'EUR';
  status: string;
  is_partner: boolean;
  date_created: string;
  account_type: string;
}

export interface Invitation {
  guid: string;
  company: { guid: string; name: string };
  status: string;
  date_created: string;
}

const q = (query: Record<string, unknown>) => query as Record<string, string>;
const seg = encodeURIComponent;

export const getProfile = (api: Api) => api.get<Profile>('/account/profile/');
export const updateProfile = (api: Api, input: ProfileInput) => api.post<Message & { profile: Profile }>('/account/profile/', input);
export const changePassword = (api: Api, input: PasswordChangeInput) => api.post<Message>('/account/password/', input);
export const updatePreference = (api: Api, input: PreferenceInput) => api.post<Message & { preferences: Preferences }>('/account/profile/preferences/', input);


export const listCompanies = (api: Api, query: AccountListQuery) => api.get<Page<CompanyMembership>>('/account/companies/', q(query));
export const createCompany = (api: Api, input: CompanyCreateInput) => api.post<Message & { company: CompanyDetail }>('/account/companies/', input);
export const getCompany = (api: Api, guid: string) => api.get<CompanyDetail>(`/account/companies/${seg(guid)}/`);
export const makeDefaultCompany = (api: Api, guid: string) => api.get<Message>(`/account/companies/${seg(guid)}/make_default/`);

export const listInvitations = (api: Api, query: AccountListQuery) => api.get<Page<Invitation>>('/account/invitations/', q(query));
export const getInvitationCode = (api: Api) => api.get<{ invitation_code: string }>('/account/invitations/code/');
export const revokeInvitation = (api: Api, guid: string) => api.delete<Message>(`/account/invitations/${seg(guid)}/`);
export const acceptInvitation = (api: Api, guid: string) => api.post<Message>(`/account/invitations/${seg(guid)}/accept/`);
