import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { WhiteLabel } from '../../lib/api/system';
import { Toaster } from '../../components/Toaster';
import { $preferences } from '../../stores/preferences';
import { startShell } from '../../stores/shell';
import { Header } from './Header';
import { PageBody } from './PageBody';
import { Banners } from '../notifications/Banners';
import { Sidebar } from './Sidebar';

export interface ShellProps {
  title: string;
  supportId?: string;
  /** The page body draws its own h1 (the dashboard's greeting). */
  hideTitle?: boolean;
  pathname: string;
  whiteLabel: WhiteLabel;
  /** The page body, from the Astro page. */
  children?: ReactNode;
}

export const SMALL_SCREEN_MESSAGE = 'Attention! For the best experience, please use a device with a larger screen...';

/** The frame of every signed-in page: sidebar, header, and the page body once allowed. */
export function Shell({ title, supportId, hideTitle, pathname, whiteLabel, children }: ShellProps) {
  const { sidebarCollapsed } = useStore($preferences);

  useEffect(() => startShell(), []);

  return (
    <div className={`app-frame${sidebarCollapsed ? ' is-collapsed' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar whiteLabel={whiteLabel} pathname={pathname} />
      <div className="app-column">
        <Header />
        <main className="app-main" id="main" tabIndex={-1}>
          <p className="small-screen-warning">{SMALL_SCREEN_MESSAGE}</p>
          <Banners />
          <PageBody title={title} supportId={supportId} hideTitle={hideTitle} pathname={pathname}>
            {children}
          </PageBody>
        </main>
      </div>
      <Toaster />
    </div>
  );
}
