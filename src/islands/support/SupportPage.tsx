import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Card } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { SUPPORT_HOURS } from '../../lib/rules/support';
import { $session } from '../../stores/session';
import { $supportPage, loadSupportPage } from '../../stores/services';
import { SupportContent } from '../../components/SupportContent';
import '../../styles/services.css';

/** The support page (spec part 3, 2.11): contacts by department with their hours, the account manager, the knowledge base. */
export function SupportPage() {
  const { loading, page } = useStore($supportPage);
  const { user } = useStore($session);
  useEffect(() => {
    void loadSupportPage();
  }, []);
  if (!page) {
    return (
      <p className="muted" role="status">
        {loading ? 'Loading...' : 'The support contacts could not be loaded.'}
      </p>
    );
  }
  const manager = user?.company.account_manager ?? null;
  return (
    <div className="support-page">
      <Card
        title="Contact us"
        actions={
          <a className="button button-primary" href={page.support_panel_url}>
            Open a support ticket
          </a>
        }
      >
        <ul className="support-departments">
          {page.departments.map((d) => (
            <li key={d.key}>
              <strong>{d.name}</strong>
              <a href={`mailto:${d.email}`}>{d.email}</a>
              <span className="muted">{d.hours}</span>
            </li>
          ))}
        </ul>
      </Card>
      {manager ? (
        <Card title="Your account manager">
          <dl className="support-manager">
            <dt>Name</dt>
            <dd>
              {manager.first_name} {manager.last_name}
            </dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${manager.email}`}>{manager.email}</a>
            </dd>
            {manager.phone ? (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${manager.phone.replace(/\s+/g, '')}`}>{manager.phone}</a>
                </dd>
              </>
            ) : null}
            <dt>Hours</dt>
            <dd>{SUPPORT_HOURS.office}</dd>
          </dl>
        </Card>
      ) : null}
      <Card title="Knowledge base">
        {page.articles.length ? (
          <ul className="support-articles">
            {page.articles.map((a) => (
              <li key={a.slug}>
                <Dialog
                  title={a.title}
                  trigger={
                    <button type="button" className="link-button">
                      {a.title}
                    </button>
                  }
                >
                  <SupportContent id={a.slug} titled={false} />
                </Dialog>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No articles yet.</p>
        )}
      </Card>
    </div>
  );
}
