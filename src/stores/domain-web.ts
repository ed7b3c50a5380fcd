import { atom } from 'nanostores';
import type { DomainMeta, TrafficDetail, TrafficOverview, UrlRedirect } from '../lib/api/domain-web';
import { createRedirect, deleteRedirect, deleteRedirects, getMeta, getTraffic, getTrafficDetail, listRedirects, updateMeta, updateRedirect } from '../lib/requests/domain-web';
import { startAndFollowTask } from '../lib/requests/task-events';
import { dayOf, quickRange, rangeProblem, type DateRange, type QuickRange } from '../lib/rules/analytics-ranges';
import type { TrafficField } from '../lib/schemas/analytics';
import { redirectCreateSchema, urlRows, withExclusions, type MetaFlag, type RedirectStatus } from '../lib/schemas/redirects';
import { api } from './api';
import { environment } from './environment';
import { createForm } from './form';
import { createPagedList, type PagedList } from './paged-list';
import { toastError, toastSuccess } from './toasts';
import { listFilters, nothingToAsk } from './domain-context';
import { drawerContext } from './domains';

/** The drawer's Misc, URL Redirects and Analytics tabs (spec part 2, 2.7, 4.2, 4.4). */

// ---- Misc: the redirect and caching toggles --------------------------------------------------

export interface MetaState {
  domain: string;
  loading: boolean;
  meta: DomainMeta | null;
}

export const $domainMeta = atom<MetaState>({ domain: '', loading: false, meta: null });

export async function loadMeta(domain: string): Promise<void> {
  const same = $domainMeta.get().domain === domain;
  $domainMeta.set({ domain, loading: true, meta: same ? $domainMeta.get().meta : null });
  try {
    const meta = await getMeta(api, domain);
    if ($domainMeta.get().domain === domain) $domainMeta.set({ domain, loading: false, meta });
  } catch (error) {
    if ($domainMeta.get().domain === domain) $domainMeta.set({ ...$domainMeta.get(), loading: false });
    toastError(error);
  }
}

/**
 * Saves one toggle at once (spec part 2, 4.4): the pair's other one shows off straight away,
 * every toggle waits (UPDATING) until the change's task finishes, then the meta is read again.
 */
export async function toggleMeta(flag: MetaFlag, on: boolean): Promise<void> {
  const { domain, meta } = $domainMeta.get();
  if (meta?.status !== 'ACTIVE') return;
  $domainMeta.set({ domain, loading: false, meta: { ...meta, ...withExclusions({ [flag]: on }), status: 'UPDATING' } });
  let sent = false;
  const start = async () => {
    const answer = await updateMeta(api, domain, { [flag]: on });
    sent = true;
    toastSuccess(answer.message);
    if ($domainMeta.get().domain === domain) $domainMeta.set({ domain, loading: false, meta: answer.meta });
    return answer.task;
  };
  try {
    const options = environment().apiOptions;
    if (options) await startAndFollowTask(options, start);
    else await start();
  } catch (error) {
    toastError(error);
    if (!sent && $domainMeta.get().domain === domain) $domainMeta.set({ domain, loading: false, meta });
  }
  if (sent && $domainMeta.get().domain === domain) await loadMeta(domain);
}

// ---- URL redirects -------------------------------------------------------------------------

export const redirectsList: PagedList<UrlRedirect, { domain: string; search: string }> = createPagedList<UrlRedirect, { domain: string; search: string }>(
  'domain-redirects',
  // The filter's domain, before the tab has set one the drawer's; none known, nothing asked (not `/domains//redirects/`).
  ({ page, per_page }) => {
    const { domain, search } = listFilters(redirectsList.$list, 'domain', drawerContext(redirectsList.$list.get().filters.domain), (guid) => ({ domain: guid, search: '' }));
    return domain ? listRedirects(api, domain, { page, per_page, ...(search ? { search } : {}) }) : nothingToAsk(per_page);
  },
  { domain: '', search: '' },
);

/** Shows `domain`'s redirects (the search starts empty for each domain). */
export function showRedirects(domain: string): void {
  const { filters } = redirectsList.$list.get();
  if (filters.domain !== domain) redirectsList.setFilters({ domain, search: '' });
}

export function searchRedirects(search: string): void {
  redirectsList.setFilters({ ...redirectsList.$list.get().filters, search: search.trim() });
}

/** Spec part 2, 4.2: the switch moves at once, then the page is read again whatever the answer. */
export async function setRedirectStatus(redirect: UrlRedirect, status: RedirectStatus): Promise<void> {
  const { domain } = redirectsList.$list.get().filters;
  const state = redirectsList.$list.get();
  if (state.answer) {
    redirectsList.$list.setKey('answer', { ...state.answer, data: state.answer.data.map((r) => (r.guid === redirect.guid ? { ...r, status } : r)) });
  }
  try {
    toastSuccess((await updateRedirect(api, domain, redirect.guid, { status })).message);
  } catch (error) {
    toastError(error);
  }
  await redirectsList.load();
}

/** Deletes one redirect or the selected ones (the bulk call), then shows the page again. */
export async function removeRedirects(ids: readonly string[]): Promise<boolean> {
  const { domain, search } = redirectsList.$list.get().filters;
  try {
    const answer = ids.length === 1 ? await deleteRedirect(api, domain, ids[0]!) : await deleteRedirects(api, domain, [...ids]);
    toastSuccess(answer.message);
    const { page, answer: shown } = redirectsList.$list.get();
    // Every row of a later page gone: show the page before.
    const emptied = shown?.data.every((r) => ids.includes(r.guid)) && page > 1;
    redirectsList.$list.setKey('filters', { domain, search });
    await redirectsList.load(emptied ? page - 1 : page);
    return true;
  } catch (error) {
    toastError(error);
    return false;
  }
}

/** The New URL Redirect dialog's fields: URLs one per row (spec part 2, 5 "URL redirect"). */
export interface NewRedirectValues {
  urls: string;
  destination: string;
  response_code: string;
}

export const newRedirectForm = createForm({
  schema: redirectCreateSchema,
  input: (values: NewRedirectValues) => ({ urls: urlRows(values.urls), destination: values.destination, response_code: Number(values.response_code) }),
  send: (data) => createRedirect(api, redirectsList.$list.get().filters.domain, data),
  successToast: (answer) => answer.message,
  onSuccess: () => redirectsList.load(1),
});

// ---- Analytics -----------------------------------------------------------------------------

export interface AnalyticsState {
  domain: string;
  range: DateRange;
  /** The quick range chosen, or null for custom dates. */
  quick: QuickRange | null;
  loading: boolean;
  overview: TrafficOverview | null;
  field: TrafficField;
  detailLoading: boolean;
  detail: TrafficDetail | null;
}

const today = () => dayOf(new Date());

export const $analytics = atom<AnalyticsState>({
  domain: '',
  range: quickRange('LAST_7_DAYS', today()),
  quick: 'LAST_7_DAYS',
  loading: false,
  overview: null,
  field: 'COUNTRIES',
  detailLoading: false,
  detail: null,
});

let overviewTicket = 0;
let detailTicket = 0;

async function loadOverview(): Promise<void> {
  const ticket = ++overviewTicket;
  const { domain, range } = $analytics.get();
  $analytics.set({ ...$analytics.get(), loading: true });
  try {
    const overview = await getTraffic(api, domain, range);
    if (ticket === overviewTicket) $analytics.set({ ...$analytics.get(), loading: false, overview });
  } catch (error) {
    if (ticket === overviewTicket) $analytics.set({ ...$analytics.get(), loading: false });
    toastError(error);
  }
}

async function loadDetail(): Promise<void> {
  const ticket = ++detailTicket;
  const { domain, range, field } = $analytics.get();
  $analytics.set({ ...$analytics.get(), detailLoading: true });
  try {
    const detail = await getTrafficDetail(api, domain, { field, ...range });
    if (ticket === detailTicket) $analytics.set({ ...$analytics.get(), detailLoading: false, detail });
  } catch (error) {
    if (ticket === detailTicket) $analytics.set({ ...$analytics.get(), detailLoading: false });
    toastError(error);
  }
}

const reload = () => Promise.all([loadOverview(), loadDetail()]).then(() => undefined);

/** Opens the tab on a domain: the last 7 days, countries. */
export function showAnalytics(domain: string): Promise<void> {
  const { quick } = $analytics.get();
  const keep = quick ?? 'LAST_7_DAYS';
  $analytics.set({ ...$analytics.get(), domain, quick: keep, range: quickRange(keep, today()), overview: null, detail: null });
  return reload();
}

export function chooseQuickRange(quick: QuickRange): Promise<void> {
  $analytics.set({ ...$analytics.get(), quick, range: quickRange(quick, today()) });
  return reload();
}

/** Custom dates: checked with the server's rule first; answers its sentence when they cannot be shown. */
export async function chooseDates(range: DateRange): Promise<string | null> {
  const problem = rangeProblem(range, today());
  if (problem) return problem;
  $analytics.set({ ...$analytics.get(), quick: null, range });
  await reload();
  return null;
}

export function chooseField(field: TrafficField): Promise<void> {
  $analytics.set({ ...$analytics.get(), field });
  return loadDetail();
}
