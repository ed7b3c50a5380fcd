import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $session, loadUser } from '../../stores/session';
import { mayOpen } from '../../stores/shell';
import { PageHeading } from './PageHeading';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';

interface PageBodyProps {
  title: string;
  supportId?: string | undefined;
  hideTitle?: boolean | undefined;
  pathname: string;
  children?: ReactNode;
}

/**
 * The page body once the user is known and allowed; until then a loading note, and for a
 * page the viewer may not open the no-access alert (spec part 1, 2.4), so its islands never
 * load or fetch.
 */
export function PageBody({ title, supportId, hideTitle, pathname, children }: PageBodyProps) {
  const session = useStore($session);
  const user = session.user;

  if (session.state === 'authenticated' && user) {
    if (!mayOpen(pathname, user)) {
      return (
        <>
          <PageHeading title={title} supportId={supportId} />
          <div className="alert alert-error" role="alert">
            {NO_ACCESS_MESSAGE}
          </div>
        </>
      );
    }
    return (
      <>
        {hideTitle ? null : <PageHeading title={title} supportId={supportId} />}
        {children}
      </>
    );
  }

  if (session.loadError) {
    return (
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
  }

  return (
    <p className="page-loading" role="status">
      Loading...
    </p>
  );
}
