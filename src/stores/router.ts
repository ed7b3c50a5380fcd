import { computed } from 'nanostores';
import { createRouter } from '@nanostores/router';
import { SCREEN_MATCHERS, paramsOf, screenAt } from '../lib/rules/routes';
import type { ScreenView } from '../lib/rules/screens';
import { environment } from './environment';
import { goTo } from './navigation';

/**
 * Where the signed-in panel is. Moving between its pages changes this store, not the document,
 * so the shell (sidebar, header, session, banners, notifications) stays as it is and only the
 * page's own data loads. Addresses outside the panel's pages load as documents as before.
 */
export const $router = createRouter(
  Object.fromEntries(SCREEN_MATCHERS.map((matcher) => [matcher.id, [matcher.re, (...parts: string[]) => paramsOf(matcher, parts) ?? {}] as const])),
  { links: false },
);

/** The page to show, or null while the address names none (then a document load answers it). */
export const $view = computed($router, (page): ScreenView | null => (page ? screenAt(page.path) : null));

/** The panel page at `href` (same origin), or null when a document load must answer it. */
export function panelPageAt(href: string, base = environment().location().href): ScreenView | null {
  const url = new URL(href, base);
  if (url.origin !== new URL(base).origin) return null;
  return screenAt(url.pathname);
}

/** Goes to `href`: within the panel without a reload, anywhere else as a document load. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, environment().location().href);
  if (panelPageAt(href)) $router.open(url.pathname + url.search, options.replace);
  else goTo(href, options);
}

/**
 * Takes over plain left clicks on links to panel pages (not new-tab, download or external
 * ones); every other link behaves as a link. Returns the function that stops it.
 */
export function followPanelLinks(root: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link?.href || link.target || link.hasAttribute('download') || link.rel.includes('external')) return;
    // A jump within this page (the skip link) stays a jump.
    const here = environment().location();
    if (link.hash && link.pathname === here.pathname && link.search === here.search) return;
    if (!panelPageAt(link.href)) return;
    event.preventDefault();
    navigate(link.href);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
