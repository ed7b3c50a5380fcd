import type { Api } from './client';

export interface WhiteLabel {
  name: string;
  logo: string | null;
  icon_logo: string | null;
  knowledge_base_url: string;
  chat_url: string | null;
  support: { email: string; name?: string; phone?: string | null; url?: string | null };
  custom_styles: Record<string, string | boolean> | null;
}

export interface DashboardNews {
  title: string;
  link: string | null;
  content: string;
  date_modified: string;
}

/** One Quick FAQ entry of the home page; `answer` is HTML, sanitised before rendering. */
export interface DashboardFaq {
  question: string;
  answer: string;
}

export interface Dashboard {
  unpaid_invoices: number;
  overdue_invoices: number;
  suspended_orders: number;
  active_orders: number;
  domain_count: number;
  website_slots_available: number;
  ip_address_count: number;
  news: DashboardNews[];
  /** Quick FAQ (non-customers only; empty for customers). */
  faq: DashboardFaq[];
}

export interface SearchEntry {
  domain?: { guid: string; domain: string; group: { guid: string; name: string } | null };
  ip_address?: { guid: string; ip_address: string; group: { guid: string; name: string } | null };
  domains?: { guid: string; domain: string }[];
}

export interface SearchAnswer {
  search_type: 'DOMAIN' | 'IP_ADDRESS';
  results: number;
  data: SearchEntry[];
}

export const getWhiteLabel = (api: Api) => api.get<WhiteLabel>('/system/whitelabel/');
export const getDashboard = (api: Api) => api.get<Dashboard>('/dashboard/');
export const search = (api: Api, q: string) => api.get<SearchAnswer>('/system/search/', { q });

export const getErrorDescription = (api: Api, code: string) =>
  api.get<{ data: { code: string; description: string } }>(`/system/errors/${encodeURIComponent(code)}/`);

export interface SupportArticle {
  slug: string;
  title: string;
  /** HTML; sanitised before it is shown. */
  content: string;
}

export const getSupportArticle = (api: Api, id: string) => api.get<{ data: SupportArticle }>(`/system/support/${encodeURIComponent(id)}/`);
