import type { Page } from '../lib/schemas/lists';
import { environment } from './environment';
import { panelPageAt } from './router';

/**
 * What the lists of one domain group or one domain ask for before anything has told them: the
 * page they are on. A list is first read while its tab renders, before the tab's `show*` call
 * or effect has set its filter; asked then with the filter's empty guid it sent `group=` or
 * `/domains//subdomains/` and the person saw a false error toast. Reading the page instead, the
 * first request is the right one.
 */

/** The domain group the address names (`/domains/{group}` and its tabs), or '' on any other page. */
export function routeGroup(): string {
  const { href } = environment().location();
  const view = panelPageAt(href, href);
  return view?.screen === 'domainGroup' || view?.screen === 'domainGroupTab' ? view.props.group : '';
}

/** The answer of a list with nothing to ask for yet: no request (one with an empty guid is a bug). */
export const nothingToAsk = <T>(perPage: number): Promise<Page<T>> => Promise.resolve({ data: [], page: 1, per_page: perPage, total: 0 });

/** The part of a paged list's store the lists below change. */
interface FilterStore<F> {
  get(): { filters: F };
  setKey(key: 'filters', value: F): void;
}

/**
 * The filters a list asks with: those of the guid on screen (`onScreen`: the address's group, the
 * drawer's domain) when there is one, else the ones it holds (its guid '' when neither knows).
 * The held filters follow what is on screen (`fresh`: a new group starts without a search), so
 * the `show*` call that renders the list finds them set and asks nothing twice, and forms that
 * read them send to the guid shown.
 */
export function listFilters<F extends Record<string, string>>($list: FilterStore<F>, key: keyof F & string, onScreen: string, fresh: (guid: string) => F): F {
  const held = $list.get().filters;
  if (!onScreen || onScreen === held[key]) return held;
  $list.setKey('filters', fresh(onScreen));
  return $list.get().filters;
}
