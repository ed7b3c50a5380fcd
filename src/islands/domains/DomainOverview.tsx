import type { ReactNode } from 'react';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import type { DomainDetail } from '../../lib/api/domains';
import { flagOf } from '../../lib/format/flag';
import { hostingTypeWords, ipTypeWords } from '../../lib/format/words';
import { expiryTag, healthTag, softwareTag, sslTag } from '../../lib/rules/domain-tags';
import { DomainTag } from './DomainTag';
import { Can } from '../../components/Can';
import { Confirm } from '../../components/Confirm';
import { removeSoftware, removeSsl, scanForSoftware } from '../../stores/domain-software';
import { MigrateDialog } from './software/MigrateDialog';
import { SslDialog } from './software/SslDialog';
import { InstallSoftwareDialog } from './software/InstallSoftwareDialog';
import { SoftwareInfoDialog } from './software/SoftwareInfoDialog';
import { ModifyIpDialog } from './placement/ModifyIpDialog';
import { ModifyHostingDialog } from './placement/ModifyHostingDialog';
import { addToCpanel } from '../../stores/domain-placement';
import { SignInButton } from './SignInButton';

function HostingActions({ d }: { d: DomainDetail }) {
  if (d.status !== 'ACTIVE') return null;
  const account = d.hosting_account;
  return (
    <>
      {account?.account_type === 'SHARED_HOSTING' ? <SignInButton target="cpanel" domain={d.guid} label="cPanel login" allowed={account.status === 'ACTIVE'} /> : null}
      <Can scope="can_edit_domains">
        <ModifyHostingDialog domain={d} />
        {d.hosting_account?.account_type === 'SHARED_HOSTING' && !d.is_in_cpanel ? (
          <Confirm
            message={`Create ${d.domain} in the cPanel of ${d.hosting_account.name}? It can take a couple of minutes.`}
            confirmLabel="Create"
            trigger="Create in cPanel"
            triggerSize="small"
            onConfirm={() => addToCpanel(d.guid)}
          />
        ) : null}
      </Can>
    </>
  );
}

function SslActions({ d }: { d: DomainDetail }) {
  const ssl = d.ssl_certificate;
  if (d.status !== 'ACTIVE') return null;
  if (!ssl || (ssl.status !== 'ACTIVE' && ssl.status !== 'UNINSTALLING' && ssl.status !== 'PENDING')) {
    return (
      <Can scope="can_install_ssl_certificates">
        <SslDialog hostingType={d.hosting_type} />
      </Can>
    );
  }
  if (ssl.status !== 'ACTIVE') return null;
  return (
    <Can scope="can_uninstall_ssl_certificates">
      <Confirm message={`Remove the SSL certificate of ${d.domain}?`} confirmLabel="Uninstall" trigger="Uninstall" triggerSize="small" onConfirm={() => removeSsl(d.guid)} />
    </Can>
  );
}

function SoftwareActions({ d }: { d: DomainDetail }) {
  if (!d.software) {
    return d.status === 'ACTIVE' ? (
      <Can scope="can_install_software">
        <InstallSoftwareDialog domain={d.guid} hasSsl={d.ssl_certificate?.status === 'ACTIVE'} />
        <MigrateDialog domain={d.guid} />
        <button type="button" className="button button-small" onClick={() => void scanForSoftware(d.guid)}>
          Import
        </button>
      </Can>
    ) : null;
  }
  return (
    <>
      <SoftwareInfoDialog domain={d.guid} />
      {d.software.status === 'ACTIVE' ? <SignInButton target="software" domain={d.guid} label="Log in" allowed={!d.software.is_imported} /> : null}
      {d.software.status === 'ACTIVE' ? (
        <Can scope="can_uninstall_software">
          <Confirm
            message={`Uninstall ${d.software.software_name} from ${d.domain}? Its files and database go with it.`}
            confirmLabel="Uninstall"
            trigger="Uninstall"
            triggerSize="small"
            onConfirm={() => removeSoftware(d.guid)}
          />
        </Can>
      ) : null}
    </>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="detail-list">
      {rows.map(([term, value]) => (
        <div key={term} className="detail-row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const yesNo = (v: boolean | null) => (v === null ? 'Unknown' : v ? 'Yes' : 'No');

/** The drawer's Domain tab (spec part 2, 2.5): one card per part of the domain. */
export function DomainOverview({ domain: d }: { domain: DomainDetail }) {
  const customHost = d.hosting_account?.account_type === 'CUSTOM_HOST';
  const health = healthTag(d);
  return (
    <div className="overview-grid">
      <Card title="Domain">
        <Facts
          rows={[
            ['Domain', d.domain],
            ['Status', <StatusBadge key="s" status={d.status} />],
            ['Type', d.is_subdomain ? 'Subdomain' : hostingTypeWords(d.hosting_type)],
            [
              'Group',
              <a key="g" href={`/domains/${d.group.guid}`}>
                {d.group.name}
              </a>,
            ],
            [
              'Expires',
              <span key="e" className="expiry-cell">
                <DateTime value={d.whois.whois_expires} dateOnly fallback="Unknown" />
                <DomainTag tag={expiryTag(d.whois.days_until_expiration)} />
              </span>,
            ],
            ['Created', <DateTime key="c" value={d.date_created} />],
          ]}
        />
      </Card>
      {d.google_safe_browsing ? (
        <Card title="Google Safe Browsing">
          <Facts
            rows={[
              ['Status', d.google_safe_browsing.statuses.length ? d.google_safe_browsing.statuses.join(', ') : 'No threats found'],
              ['Last check', <DateTime key="l" value={d.google_safe_browsing.date_last_check} fallback="Never" />],
              ['Status expires', <DateTime key="x" value={d.google_safe_browsing.date_status_expires} fallback="Never" />],
            ]}
          />
        </Card>
      ) : null}
      {d.is_subdomain ? null : (
        <Card title="Health">
          {d.health.date_health_checked ? (
            <>
              {d.health.is_nxdomain ? (
                <p className="alert alert-error" role="status">
                  Did not resolve! Check the DNS zone so that the domain resolves to its assigned IP address.
                </p>
              ) : null}
              <Facts
                rows={[
                  ['Health', <DomainTag key="h" tag={health} />],
                  ['Resolves to', d.health.resolved_ip_address ?? 'Nothing'],
                  ['www resolves to', d.health.resolved_www_ip_address ?? 'Nothing'],
                  ['Behind Cloudflare', yesNo(d.health.is_cloudflare)],
                  ['Checked', <DateTime key="c" value={d.health.date_health_checked} relative />],
                ]}
              />
            </>
          ) : (
            <p className="muted">Health not yet checked! A check can take up to 15 minutes.</p>
          )}
        </Card>
      )}
      <Card
        title="IP Address"
        actions={
          d.status === 'ACTIVE' ? (
            <Can scope="can_edit_domains">
              <ModifyIpDialog domain={d} />
            </Can>
          ) : null
        }
      >
        {d.ip_address ? (
          <Facts
            rows={[
              [
                'Address',
                <span key="a" className="mono">
                  {d.ip_address.ip_address}
                </span>,
              ],
              [
                'Location',
                <span key="l">
                  <span aria-hidden="true">{flagOf(d.ip_address.country_code)} </span>
                  {[d.ip_address.city, d.ip_address.country].filter(Boolean).join(', ')}
                </span>,
              ],
              ['Type', ipTypeWords(d.ip_address.ip_address_type)],
              ['HTTP version', d.ip_address.http_version === 2 ? 'HTTP/2' : 'HTTP/1.1'],
              ['Signature', d.ip_address.signature?.signature ?? 'Default'],
              ['Websites', `${d.ip_address.domain_count} of ${d.ip_address.domains_allowed}`],
              ...(d.ip_address.order
                ? ([
                    [
                      'Order',
                      <a key="o" href={`/billing/orders/${d.ip_address.order.order_id}`}>
                        #{d.ip_address.order.order_id}
                      </a>,
                    ],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
        ) : (
          <p className="muted">No IP address assigned.</p>
        )}
      </Card>
      <Card title="Hosting Account" actions={<HostingActions d={d} />}>
        {d.hosting_account ? (
          <Facts
            rows={[
              [
                'Account',
                <a key="a" href={`/hosting/${d.hosting_account.guid}`}>
                  {d.hosting_account.name}
                </a>,
              ],
              ['Type', d.hosting_account.account_type === 'CUSTOM_HOST' ? 'Custom host' : 'Shared hosting'],
              ['Status', <StatusBadge key="s" status={d.hosting_account.status} />],
              ['In cPanel', d.is_in_cpanel ? 'Yes' : 'No'],
              ...(d.hosting_account.custom_host_server
                ? ([['Destination', d.hosting_account.custom_host_server.hostname ?? d.hosting_account.custom_host_server.ip_address ?? '']] as [string, ReactNode][])
                : ([['Server', d.hosting_account.hostname ?? 'Not assigned yet']] as [string, ReactNode][])),
            ]}
          />
        ) : (
          <p className="muted">No hosting account.</p>
        )}
      </Card>
      <Card title="SSL Certificate" actions={<SslActions d={d} />}>
        {d.ssl_certificate?.status === 'PENDING' ? (
          <p className={d.health.resolved_ip_address && d.ip_address && d.health.resolved_ip_address !== d.ip_address.ip_address ? 'alert alert-warning' : 'muted'} role="status">
            {d.health.resolved_ip_address && d.ip_address && d.health.resolved_ip_address !== d.ip_address.ip_address
              ? `Waiting for the domain to resolve to its assigned IP address ${d.ip_address.ip_address} (it resolves to ${d.health.resolved_ip_address}).`
              : 'SSL certificate successfully requested! It will be installed within 15 minutes.'}
          </p>
        ) : null}
        {d.ssl_certificate ? (
          <Facts
            rows={[
              ['State', <DomainTag key="s" tag={sslTag(d.ssl_certificate)} />],
              ['Type', d.ssl_certificate.certificate_type === 'LETS_ENCRYPT' ? "Let's Encrypt" : 'Custom'],
              ['Includes www', d.ssl_certificate.include_www_subdomain ? 'Yes' : 'No'],
              ['Issued', <DateTime key="i" value={d.ssl_certificate.date_created} fallback="Not yet" />],
              ...(d.ssl_certificate.issuer ? ([['Issuer', d.ssl_certificate.issuer]] as [string, ReactNode][]) : []),
              ...(d.ssl_certificate.date_expires ? ([['Expires', <DateTime key="e" value={d.ssl_certificate.date_expires} />]] as [string, ReactNode][]) : []),
            ]}
          />
        ) : (
          <p className="muted">SSL certificate not installed!</p>
        )}
      </Card>
      {customHost ? null : (
        <Card title="Software" actions={<SoftwareActions d={d} />}>
          {d.software ? (
            <Facts
              rows={[
                ['Software', <DomainTag key="s" tag={softwareTag(d.software)} />],
                ['Installed', <DateTime key="i" value={d.software.date_installed} fallback="Not yet" />],
                ['Imported', d.software.is_imported ? 'Yes' : 'No'],
              ]}
            />
          ) : (
            <p className="muted">Software is not installed!</p>
          )}
        </Card>
      )}
      {d.is_subdomain ? null : (
        <Card title="Metrics">
          {d.metrics.date_metrics_checked ? (
            <Facts
              rows={[
                ['Trust Flow (TF)', String(d.metrics.tf ?? '-')],
                ['Domain Authority (DA)', String(d.metrics.da ?? '-')],
                ['Checked', <DateTime key="c" value={d.metrics.date_metrics_checked} relative />],
              ]}
            />
          ) : (
            <p className="muted">Metrics not yet checked!</p>
          )}
        </Card>
      )}
    </div>
  );
}
