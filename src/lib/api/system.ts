import { z } from 'zod';
import { systemRoutes } from '../requests/system';
import { defineOperation } from './define';
import { SEARCH_EMPTY_MESSAGE } from '../rules/search';
import { required } from '../schemas/text';

/** The shell's system calls: branding, error codes, global search, support articles and the home page (spec part 1, 2.5; part 3, 2.14). */

export const whiteLabel = z
  .object({
    name: z.string(),
    logo: z.string().nullable(),
    icon_logo: z.string().nullable(),
    knowledge_base_url: z.string(),
    chat_url: z.string().nullable(),
    support: z.object({ email: z.string(), name: z.string().optional(), phone: z.string().nullable().optional(), url: z.string().nullable().optional() }),
    custom_styles: z.record(z.string(), z.union([z.string(), z.boolean()])).nullable(),
  })
  .meta({ id: 'WhiteLabel' });
export type WhiteLabel = z.infer<typeof whiteLabel>;

export const errorDescription = z.object({ data: z.object({ code: z.string(), description: z.string() }) }).meta({ id: 'ErrorDescription' });

export const supportArticle = z
  .object({
    slug: z.string(),
    title: z.string(),
    /** HTML; sanitised before it is shown. */
    content: z.string(),
  })
  .meta({ id: 'SupportArticle' });
export type SupportArticle = z.infer<typeof supportArticle>;

export const dashboardNews = z.object({ title: z.string(), link: z.string().nullable(), content: z.string(), date_modified: z.iso.datetime() }).meta({ id: 'DashboardNews' });
export type DashboardNews = z.infer<typeof dashboardNews>;

/** One Quick FAQ entry of the home page; `answer` is HTML, sanitised before rendering. */
export const dashboardFaq = z.object({ question: z.string(), answer: z.string() }).meta({ id: 'DashboardFaq' });
export type DashboardFaq = z.infer<typeof dashboardFaq>;

const count = z.number().int().min(0);
export const dashboard = z
  .object({
    /** The four billing counts are 0 for a viewer without can_view_billing. */
    unpaid_invoices: count,
    overdue_invoices: count,
    suspended_orders: count,
    active_orders: count,
    domain_count: count,
    website_slots_available: count,
    ip_address_count: count,
    news: z.array(dashboardNews),
    /** Quick FAQ (non-customers only; empty for customers). */
    faq: z.array(dashboardFaq),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;

const groupRef = z.object({ guid: z.guid(), name: z.string() }).nullable();
export const searchEntry = z
  .object({
    domain: z.object({ guid: z.guid(), domain: z.string(), group: groupRef }).optional(),
    ip_address: z.object({ guid: z.guid(), ip_address: z.string(), group: groupRef }).optional(),
    domains: z.array(z.object({ guid: z.guid(), domain: z.string() })).optional(),
  })
  .meta({ id: 'SearchEntry' });
export type SearchEntry = z.infer<typeof searchEntry>;

export const searchAnswer = z.object({ search_type: z.enum(['DOMAIN', 'IP_ADDRESS']), results: count, data: z.array(searchEntry) }).meta({ id: 'SearchAnswer' });
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const searchQuery = z.object({
  q: z.preprocess((v) => (Array.isArray(v) ? v[0] : (v ?? '')), required(SEARCH_EMPTY_MESSAGE, { label: 'The search', max: 253 })),
});

const shell = { area: 'shell' } as const;

/** Public: the sign-in page needs the branding before anyone has signed in (spec part 1, 2.1). */
export const getWhiteLabelOp = defineOperation({
  ...systemRoutes.getWhiteLabel,
  area: 'auth',
  audience: 'public',
  summary: 'The branding of the provider behind the host name',
  answer: whiteLabel,
});
/** Public: an error code can arrive in any URL, signed in or not. */
export const getErrorDescriptionOp = defineOperation({
  ...systemRoutes.getErrorDescription,
  ...shell,
  audience: 'public',
  summary: 'What an error code means',
  params: z.object({ code: z.string() }),
  answer: errorDescription,
  notFound: 'Unknown error code.',
});
/** The header's global search (spec part 3, 2.14); what the viewer's scopes hide is left out, not refused. */
export const searchOp = defineOperation({ ...systemRoutes.search, ...shell, summary: 'Domains or IP addresses matching a query', query: searchQuery, answer: searchAnswer });
/** The knowledge-base article behind a page's support info button (spec decisions, 2). */
export const getSupportArticleOp = defineOperation({
  ...systemRoutes.getSupportArticle,
  ...shell,
  summary: 'The support article of a page',
  params: z.object({ id: z.string() }),
  answer: z.object({ data: supportArticle }),
  notFound: 'There is no support content for this page yet.',
});
/** The home page's counts, news and Quick FAQ (spec part 1, 2.5). */
export const getDashboardOp = defineOperation({ ...systemRoutes.getDashboard, ...shell, summary: 'Counts, news and FAQ of the home page', answer: dashboard });
