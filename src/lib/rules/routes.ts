import { hasScopes } from './scopes';
import { SCREENS, type ScreenDef, type ScreenId, type ScreenView } from './screens';

/**
 * How the screen table (./screens.ts) is read: which screen an address names, whether a
 * viewer may open it, and the sidebar menu. The frame page on the server and the router in
 * the browser both match through `screenAt`, so the two cannot disagree.
 */

/** Shown instead of a page the viewer's scopes do not open (spec part 2, 6; part 3, 2.4). */
export const NO_ACCESS_MESSAGE = 'You do not have access to this feature. Contact your account manager for more information!';

/**
 * A screen as the readers below see it. Each entry's props function takes exactly the
 * parameters its own pattern names; matching hands it those, which the types cannot follow
 * through a lookup by id, hence the one widening here.
 */
type AnyScreen = Omit<ScreenDef<string, object>, 'props' | 'title'> & {
  readonly props?: (params: Readonly<Record<string, string>>) => object | null;
  readonly title: string | ((props: object) => string);
};
const screenOf = (id: ScreenId) => SCREENS[id] as AnyScreen;

export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

export interface ScreenMatcher {
  id: ScreenId;
  /** Matches the pathname, with or without a trailing slash; one group per parameter. */
  re: RegExp;
  names: readonly string[];
}

const PARAM = /^\{(\w+)\}$/;

function compile(id: ScreenId): ScreenMatcher {
  const names: string[] = [];
  const source = screenOf(id)
    .pattern.split('/')
    .map((segment) => {
      const param = PARAM.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { id, names, re: new RegExp(`^${source}/?$`) };
}

/** Segment by segment, a fixed segment before a parameter: /firewall/add before /firewall/{tab}. */
function fixedFirst(a: ScreenMatcher, b: ScreenMatcher): number {
  const as = screenOf(a.id).pattern.split('/');
  const bs = screenOf(b.id).pattern.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const diff = Number(PARAM.test(as[i]!)) - Number(PARAM.test(bs[i]!));
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Every screen's matcher, in the order they are tried. */
export const SCREEN_MATCHERS: readonly ScreenMatcher[] = SCREEN_IDS.map(compile).sort(fixedFirst);

/** The parameters of a match, decoded; null when one cannot be decoded (a bad escape names no page). */
export function paramsOf(matcher: ScreenMatcher, groups: readonly (string | undefined)[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  try {
    matcher.names.forEach((name, i) => {
      params[name] = decodeURIComponent(groups[i] ?? '');
    });
  } catch {
    return null;
  }
  return params;
}

/** What decides who may open a screen. */
export type ScreenAccess = Pick<ScreenDef<string, object>, 'pattern' | 'scopes' | 'notForCustomers'>;

export interface ScreenMatch {
  id: ScreenId;
  screen: ScreenAccess;
  params: Record<string, string>;
}

/** The screen whose pattern `pathname` fits, whether or not its parameters name a page. */
export function matchScreen(pathname: string): ScreenMatch | null {
  for (const matcher of SCREEN_MATCHERS) {
    const m = matcher.re.exec(pathname);
    if (!m) continue;
    const params = paramsOf(matcher, m.slice(1));
    return params ? { id: matcher.id, screen: screenOf(matcher.id), params } : null;
  }
  return null;
}

/** The screen `id` with these parameters, or null when they name no page (an unknown tab, a bad number). */
export function viewOf(id: ScreenId, params: Readonly<Record<string, string>>): ScreenView | null {
  const def = screenOf(id);
  const props = def.props ? def.props(params) : {};
  if (!props) return null;
  // The props were made by this screen's own entry, so they are this screen's.
  return {
    screen: id,
    title: typeof def.title === 'string' ? def.title : def.title(props),
    supportId: def.supportId,
    hideTitle: def.hideTitle === true,
    props,
  } as ScreenView;
}

/** The page at `pathname` (no query), or null when it names none: the server answers 404, the browser loads it as a document. */
export function screenAt(pathname: string): ScreenView | null {
  const match = matchScreen(pathname);
  return match ? viewOf(match.id, match.params) : null;
}

export interface Viewer {
  permissions: readonly string[];
  isCustomer: boolean;
}

export function canOpen(screen: ScreenAccess, viewer: Viewer): boolean {
  if (screen.notForCustomers && viewer.isCustomer) return false;
  return hasScopes(viewer.permissions, screen.scopes);
}

export interface MenuItem {
  key: string;
  label: string;
  icon: string;
  href: string;
  external: boolean;
}

/** The sidebar menu: the screens with a menu entry this viewer may open, in their order, then the Knowledge Base link. */
export function buildMenu(viewer: Viewer, knowledgeBaseUrl: string): MenuItem[] {
  const items: MenuItem[] = SCREEN_IDS.map(screenOf)
    .filter((s) => s.menu && canOpen(s, viewer))
    .sort((a, b) => a.menu!.order - b.menu!.order)
    .map((s) => ({ key: activeMenuKey(s.pattern), label: s.menu!.label, icon: s.menu!.icon, href: s.pattern, external: false }));
  items.push({
    key: knowledgeBaseUrl,
    label: 'Knowledge Base',
    icon: 'book',
    href: knowledgeBaseUrl,
    external: knowledgeBaseUrl.startsWith('http'),
  });
  return items;
}

/** The active menu key is the first path segment ('' for the dashboard). */
export function activeMenuKey(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}
