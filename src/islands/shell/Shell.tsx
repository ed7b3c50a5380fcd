import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { WhiteLabel } from '../../lib/api/system';
import { Toaster } from '../../components/Toaster';
import { $drawerOpen, $sidebar, setDrawerOpen } from '../../stores/preferences';
import { $router, $view, followPanelLinks } from '../../stores/router';
import { startShell } from '../../stores/shell';
import { Header } from './Header';
import { PageBody } from './PageBody';
import { PanelPage } from './PanelPage';
import { Banners } from '../notifications/Banners';
import { Sidebar } from './Sidebar';
import { focusPageHeading } from './focus-heading';
import { followCompanyStyles } from './company-styles';
import { GettingStarted } from '../getting-started/GettingStarted';

export interface ShellProps {
  whiteLabel: WhiteLabel;
}

export const SMALL_SCREEN_MESSAGE = 'Attention! For the best experience, please use a device with a larger screen...';

/**
 * The frame of every signed-in page: sidebar, header, banners, and the page the address names.
 * It stays mounted while the person moves between panel pages; only the page body changes.
 */
export function Shell({ whiteLabel }: ShellProps) {
  const sidebar = useStore($sidebar);
  const page = useStore($router);
  const view = useStore($view);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => startShell(), []);
  useEffect(() => followCompanyStyles(document.documentElement), []);
  useEffect(() => followPanelLinks(document.body), []);

  useEffect(() => closeDrawerOnEscape(), []);
  useEffect(() => {
    // An opened drawer takes focus, as a dialog would; it is closed again by Escape, the backdrop or a page.
    if (sidebar.drawer && sidebar.expanded) document.querySelector<HTMLElement>('#sidebar .nav-link')?.focus();
  }, [sidebar.drawer, sidebar.expanded]);

  useEffect(() => {
    if (!view) return;
    setDrawerOpen(false);
    document.title = view.title;
    if (first.current) {
      first.current = false;
      return;
    }
    // A page opened within the panel: start at its top, with focus on its heading as a new document would.
    window.scrollTo(0, 0);
    if (main.current) return focusPageHeading(main.current);
  }, [view]);

  const pathname = page?.path ?? '/';
  return (
    <div className={`app-frame${sidebar.drawer ? (sidebar.expanded ? ' is-drawer-open' : '') : sidebar.expanded ? '' : ' is-collapsed'}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar whiteLabel={whiteLabel} pathname={pathname} />
      {sidebar.drawer && sidebar.expanded ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} /> : null}
      <div className="app-column">
        <Header />
        <main className="app-main" id="main" tabIndex={-1} ref={main}>
          <p className="small-screen-warning">{SMALL_SCREEN_MESSAGE}</p>
          <Banners />
          {view ? (
            <PageBody title={view.title} supportId={view.supportId} hideTitle={view.hideTitle} pathname={pathname}>
              <PanelPage view={view} />
            </PageBody>
          ) : null}
        </main>
      </div>
      <GettingStarted chatUrl={whiteLabel.chat_url} />
      <Toaster />
    </div>
  );
}

/** Escape closes the phone drawer and gives focus back to the button that opened it. */
function closeDrawerOnEscape(): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !$drawerOpen.get()) return;
    setDrawerOpen(false);
    document.querySelector<HTMLElement>('.sidebar-toggle')?.focus();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
