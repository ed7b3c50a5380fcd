import { Fragment, useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Card } from '../../components/Card';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import type { HostingAccountDetail } from '../../lib/api/hosting';
import { moneyText } from '../../lib/billing/documents';
import { $hostingAccount, hostingDomainsList, loadHostingAccount, openCpanel, setDomainDeletion } from '../../stores/hosting-accounts';
import { ChangeCpanelPasswordDialog, RenameDialog, ViewCpanelPasswordDialog } from './AccountDialogs';
import { DeleteCustomHost } from './DeleteCustomHost';
import { HostingBanners } from './HostingBanners';
import { HostingDomainsTable } from './HostingDomainsTable';
import { ModifyPlanButton } from './plan/ModifyPlan';
import { accountTypeWords, isDeletable } from './account-words';
import '../../styles/hosting.css';

/**
 * A hosting account's page (spec part 3, 2.8): banners, actions, the Service Information card,
 * Service Details (shared hosting) or Server Details (custom host), the Hosting Plan and the
 * account's domains. Legacy accounts cost Free and have no Modify Plan and no domain deletion
 * toggle; internal accounts have no toggle either.
 */
export function HostingAccountPage({ guid }: { guid: string }) {
  const state = useStore($hostingAccount);
  useEffect(() => {
    void loadHostingAccount(guid);
    hostingDomainsList.setFilters({ account: guid });
  }, [guid]);
  const account = state.guid === guid ? state.account : null;
  if (!account) {
    return state.loading || state.guid !== guid ? (
      <p className="page-loading" role="status">
        Loading...
      </p>
    ) : (
      <div className="alert alert-error" role="alert">
        This hosting account could not be shown. <a href="/hosting">Back to the hosting accounts</a>
      </div>
    );
  }
  const shared = account.account_type === 'SHARED_HOSTING';
  return (
    <>
      <HostingBanners account={account} />
      <AccountActions account={account} />
      <div className="hosting-cards">
        <ServiceInformation account={account} />
        {shared ? <ServiceDetails account={account} /> : <ServerDetails account={account} />}
        {shared ? <HostingPlan account={account} /> : null}
      </div>
      <Card title="Domains">
        <HostingDomainsTable account={account.name} />
      </Card>
    </>
  );
}

/** What can be done to the account, each behind its scope (spec part 3, 6 "Hosting"). */
function AccountActions({ account }: { account: HostingAccountDetail }) {
  const hasCpanel = account.account_type === 'SHARED_HOSTING' && account.is_created;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of action buttons, not form fields a fieldset would group.
    <div className="hosting-actions" role="group" aria-label="Account actions">
      <Can scope="can_edit_hosting_accounts">
        <RenameDialog account={account} />
      </Can>
      {hasCpanel ? (
        <>
          <Can scope="can_login_to_hosting_accounts">
            <button type="button" className="button" onClick={() => void openCpanel(account.guid)} disabled={account.status !== 'ACTIVE'}>
              cPanel Login
            </button>
            {account.has_cpanel_password ? <ViewCpanelPasswordDialog /> : null}
          </Can>
          {account.has_cpanel_password ? (
            <Can scope="can_edit_hosting_accounts">
              <ChangeCpanelPasswordDialog />
            </Can>
          ) : null}
        </>
      ) : null}
      {account.account_type === 'SHARED_HOSTING' && !account.is_legacy ? (
        <Can scope="can_edit_hosting_accounts">
          <ModifyPlanButton account={account} />
        </Can>
      ) : null}
      {isDeletable(account) ? (
        <Can scope="can_delete_hosting_accounts">
          <DeleteCustomHost account={account} fromItsPage />
        </Can>
      ) : null}
    </div>
  );
}

function Facts({ facts }: { facts: ([label: string, value: ReactNode] | null)[] }) {
  return (
    <dl className="detail-list">
      {facts.map((fact) =>
        fact ? (
          <Fragment key={fact[0]}>
            <dt>{fact[0]}</dt>
            <dd>{fact[1]}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}

function ServiceInformation({ account: a }: { account: HostingAccountDetail }) {
  const showToggle = !a.is_legacy && !a.is_internal;
  return (
    <Card title="Service Information">
      <Facts
        facts={[
          ['Name', a.name],
          ['Type', accountTypeWords(a)],
          ['Created', <DateTime key="created" value={a.date_created} />],
          ['Managed', a.is_managed ? 'Yes' : 'No'],
          ['Status', <StatusBadge key="status" status={a.status} />],
          ['Cost', a.is_legacy ? 'Free' : a.account_type === 'CUSTOM_HOST' ? 'Free (your own server)' : `${moneyText(a.cost.amount, a.cost.currency)} / month`],
          a.order
            ? [
                'Order',
                <Can key="order" scope="can_view_orders" fallback={`#${a.order.id}`}>
                  <a href={`/billing/orders/${a.order.id}`}>#{a.order.id}</a>
                </Can>,
              ]
            : null,
          a.order_renewal ? ['Service renewal', <DateTime key="renewal" value={a.order_renewal} dateOnly />] : null,
          a.status === 'SUSPENDED' && a.date_to_be_terminated ? ['Termination date', <DateTime key="termination" value={a.date_to_be_terminated} dateOnly />] : null,
        ]}
      />
      {showToggle ? <DomainDeletionToggle account={a} /> : null}
    </Card>
  );
}

/** The domain deletion switch asks first (spec part 3, 2.8), then says 'Domain deletion successfully enabled!' or '...disabled!'. */
function DomainDeletionToggle({ account: a }: { account: HostingAccountDetail }) {
  const next = !a.allow_domain_deletion;
  return (
    <Can scope="can_edit_hosting_accounts" fallback={<p>Domain deletion: {a.allow_domain_deletion ? 'allowed' : 'not allowed'}</p>}>
      <Confirm
        title={next ? 'Enable domain deletion' : 'Disable domain deletion'}
        message={
          next
            ? `Allow domains on ${a.name} to be deleted from the panel?`
            : `Stop domains on ${a.name} from being deleted from the panel? They can be deleted again once you switch this back on.`
        }
        confirmLabel={next ? 'Enable' : 'Disable'}
        cancelLabel="Cancel"
        trigger={
          <button type="button" className="button button-small" aria-pressed={a.allow_domain_deletion}>
            Domain deletion: {a.allow_domain_deletion ? 'On' : 'Off'}
          </button>
        }
        onConfirm={() => setDomainDeletion(a.guid, next)}
      />
    </Can>
  );
}

function ServiceDetails({ account: a }: { account: HostingAccountDetail }) {
  return (
    <Card title="Service Details">
      <Facts
        facts={[
          ['Username', a.username ?? '-'],
          ['Server', a.hosting_server?.hostname ?? '-'],
          ['Server IP address', a.hosting_server?.ip_address ?? '-'],
          ['Location', a.location ? `${a.location.city}, ${a.location.country_name}` : '-'],
          !a.is_legacy && a.nameservers.length
            ? [
                'Nameservers',
                <ul key="ns" className="hosting-nameservers">
                  {a.nameservers.map((ns) => (
                    <li key={ns} className="mono">
                      {ns}
                    </li>
                  ))}
                </ul>,
              ]
            : null,
        ]}
      />
    </Card>
  );
}

function ServerDetails({ account: a }: { account: HostingAccountDetail }) {
  const server = a.custom_host_server;
  const byName = server?.destination_type === 'HOSTNAME';
  return (
    <Card title="Server Details">
      <Facts
        facts={[
          ['Destination type', byName ? 'Hostname' : 'IP address'],
          byName
            ? [
                'Hostname',
                <span key="h" className="mono">
                  {server?.hostname ?? '-'}
                </span>,
              ]
            : [
                'IP address',
                <span key="ip" className="mono">
                  {server?.ip_address ?? '-'}
                </span>,
              ],
        ]}
      />
    </Card>
  );
}

const LIMITS: [keyof NonNullable<HostingAccountDetail['plan_limits']>, string, string][] = [
  ['storage', 'Storage', ' GB'],
  ['bandwidth', 'Bandwidth', ' GB'],
  ['memory', 'Memory (RAM)', ' MB'],
  ['cpu', 'CPU cores', ''],
  ['inodes', 'Inodes', ''],
  ['entry_processes', 'Entry processes', ''],
  ['active_processes', 'Active processes', ''],
  ['email_accounts', 'Email accounts', ''],
  ['databases', 'Databases', ''],
  ['subdomains', 'Subdomains', ''],
  ['parked_domains', 'Parked domains', ''],
  ['addon_domains', 'Addon domains', ''],
];

function HostingPlan({ account: a }: { account: HostingAccountDetail }) {
  const limits = a.plan_limits;
  return (
    <Card title="Hosting Plan">
      <Facts
        facts={[
          ['Plan', a.plan?.name ?? '-'],
          ...(limits ? LIMITS.map(([key, label, unit]): [string, string] => [label, limits[key] === null ? 'Unlimited' : `${limits[key]!.toLocaleString('en-US')}${unit}`]) : []),
        ]}
      />
    </Card>
  );
}
