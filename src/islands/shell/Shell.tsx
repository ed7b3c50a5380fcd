import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { WhiteLabel } from '../../lib/api/system';
import { Toaster } from '../../components/Toaster';
import { $preferences } from '../../stores/preferences';
import { $session, loadUser } from '../../stores/session';
import { mayOpen, startShell } from '../../stores/shell';
import { Header } from './Header';
import { PageHeading } from './PageHeading';
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

export const NO_ACCESS_MESSAGE = 'You do not have access to this feature. Contact your account manager for more information!';
export const SMALL_SCREEN_MESSAGE = 'Attention! For the best experience, please use a device with a larger screen...';

/** The frame of every signed-in page: sidebar, header, page title, and the page body once allowed. */
export function Shell({ title, supportId, hideTitle, pathname, whiteLabel, children }: ShellProps) {
  const session = useStore($session);
  const { sidebarCollapsed } = useStore($preferences);

  useEffect(() => {
    startShell();
  }, []);

  const user = session.user;
  let body: ReactNode;
  if (session.state === 'authenticated' && user) {
    body = mayOpen(pathname, user) ? (
      <>
        {hideTitle ? null : <PageHeading title={title} supportId={supportId} />}
        {children}
      </>
    ) : (
      <>
        <PageHeading title={title} supportId={supportId} />
        <div className="alert alert-error" role="alert">
          {NO_ACCESS_MESSAGE}
        </div>
      </>
    );
  } else if (session.loadError) {
    body = (
      <>
        <PageHeading title={title} />
        <div className="alert alert-error" role="alert">
          {session.loadError}{' '}
          <button type="button" className="button button-small" onClick={() => void loadUser()}>
            Try again
          </button>
        </div>
      </>
    );
  } else {
    body = (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }

  return (
    <div className={`app-frame${sidebarCollapsed ? ' is-collapsed' : ''}`}>
      <Sidebar whiteLabel={whiteLabel} pathname={pathname} />
      <div className="app-column">
        <Header />
        <main className="app-main" id="main">
          <p className="small-screen-warning">{SMALL_SCREEN_MESSAGE}</p>
          {body}
        </main>
      </div>
      <Toaster />
    </div>
  );
}
