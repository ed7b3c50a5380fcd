import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { $website, loadWebsite } from '../../stores/websites';
import '../../styles/controls.css';

/**
 * Manage website, /websites/{guid} (spec part 2, 2.1, where the original has a placeholder):
 * the website's domain and status, its software and the state of the installation, a link to
 * its domain group, and the site itself once the software is ACTIVE.
 */
export function WebsitePage({ guid }: { guid: string }) {
  const state = useStore($website);
  useEffect(() => {
    void loadWebsite(guid);
  }, [guid]);
  const site = state.guid === guid ? state.website : null;

  if (!site) {
    return state.loading || state.guid !== guid ? (
      <p className="page-loading" role="status">
        Loading...
      </p>
    ) : (
      <div className="alert alert-error" role="alert">
        This website could not be shown. <a href="/websites">Back to the websites</a>
      </div>
    );
  }

  const { software } = site;
  const live = software.status === 'ACTIVE' && site.status === 'ACTIVE';
  return (
    <Card
      title={site.domain}
      actions={
        <div className="toolbar">
          <a className="button" href={`/domains/${site.group.guid}`}>
            Open domain group {site.group.name}
          </a>
          {live ? (
            <a className="button button-primary" href={software.url} target="_blank" rel="noopener noreferrer">
              Visit website
            </a>
          ) : null}
        </div>
      }
    >
      <dl className="detail-list">
        <dt>Domain</dt>
        <dd>{site.domain}</dd>
        <dt>Domain status</dt>
        <dd>
          <StatusBadge status={site.status} />
        </dd>
        <dt>Domain group</dt>
        <dd>
          <a href={`/domains/${site.group.guid}`}>{site.group.name}</a>
        </dd>
        <dt>Software</dt>
        <dd>{software.name}</dd>
        <dt>Software status</dt>
        <dd>
          <StatusBadge status={software.status} />
        </dd>
        <dt>Address</dt>
        <dd>{live ? software.url : `${software.url} (once the software is ACTIVE)`}</dd>
        {software.website_name ? (
          <>
            <dt>Website name</dt>
            <dd>{software.website_name}</dd>
          </>
        ) : null}
        <dt>Installed</dt>
        <dd>
          <DateTime value={software.date_installed} fallback="Not yet" />
        </dd>
        {software.is_imported ? (
          <>
            <dt>Imported</dt>
            <dd>Yes: found on the domain and imported</dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
