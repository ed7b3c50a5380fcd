import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../../components/Can';
import { Confirm } from '../../../components/Confirm';
import { DateTime } from '../../../components/DateTime';
import { RECORD_TYPES, type RecordType } from '../../../lib/schemas/dns';
import { $history, $zone, downloadZoneFile, loadHistory, loadZone, removeRecord, resetZone, restoreVersion } from '../../../stores/dns-zone';
import { ImportZoneDialog } from './ImportZoneDialog';
import { RecordDialog } from './RecordDialog';
import { ScrollBox } from '../../../components/ScrollBox';
import { ZoneDiff } from './ZoneDiff';

const shown = (name: string) => name || '@';

function RecordTable({ type }: { type: RecordType }) {
  const { zone } = useStore($zone);
  const sets = zone?.records[type] ?? [];
  return (
    <section className="zone-section" aria-labelledby={`zone-${type}`}>
      <div className="zone-section-head">
        <h3 id={`zone-${type}`}>{type}</h3>
        <Can scope="can_add_domain_dns_zone_records">
          <RecordDialog defaultType={type} trigger={`Add ${type}`} />
        </Can>
      </div>
      {sets.length ? (
        <ScrollBox className="data-table-wrap" label={`${type} records`}>
          <table className="data-table">
            <caption className="visually-hidden">{type} records</caption>
            <thead>
              <tr>
                <th>Name</th>
                <th>Values</th>
                <th>TTL</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sets.map((set) => (
                <tr key={`${set.name}/${set.records[0]}`}>
                  <td className="mono">{shown(set.name)}</td>
                  <td className="mono cell-wrap">
                    {set.records.map((v) => (
                      <div key={v}>{v}</div>
                    ))}
                  </td>
                  <td>{set.ttl}</td>
                  <td className="cell-actions">
                    <Can scope="can_edit_domain_dns_zone_records">
                      <RecordDialog editing={{ type, name: set.name, values: set.records, ttl: set.ttl }} trigger="Edit" triggerAriaLabel={`Edit ${type} ${shown(set.name)}`} />
                    </Can>
                    <Can scope="can_delete_domain_dns_zone_records">
                      {type === 'NS' ? (
                        set.records.map((v) => (
                          <Confirm
                            key={v}
                            message={`Delete the NS record ${v}?`}
                            confirmLabel="Delete"
                            trigger={`Delete ${v}`}
                            triggerSize="small"
                            triggerVariant="danger"
                            triggerAriaLabel={`Delete NS ${v}`}
                            onConfirm={() => removeRecord('NS', v)}
                          />
                        ))
                      ) : (
                        <Confirm
                          message={`Delete the ${type} record of ${shown(set.name)}?`}
                          confirmLabel="Delete"
                          trigger="Delete"
                          triggerSize="small"
                          triggerVariant="danger"
                          triggerAriaLabel={`Delete ${type} ${shown(set.name)}`}
                          onConfirm={() => removeRecord(type, set.name)}
                        />
                      )}
                    </Can>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : (
        <p className="muted">No {type} records.</p>
      )}
    </section>
  );
}

function History() {
  const { loading, versions } = useStore($history);
  useEffect(() => {
    void loadHistory();
  }, []);
  if (loading && !versions.length) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  return (
    <ol className="zone-history" aria-label="Versions of the zone, newest first">
      {versions.map((v, i) => (
        <li key={v.version} className="zone-version">
          <div className="zone-version-head">
            <strong>Version {v.version}</strong> <span>{v.summary}</span>{' '}
            <span className="muted">
              {v.changed_by ? v.changed_by.name || v.changed_by.email : 'the provider'}, <DateTime value={v.date_created} relative />
            </span>
            {i > 0 ? (
              <Can scope="can_edit_domain_dns_zone_records">
                <Confirm
                  message={`Restore version ${v.version} of the zone? The records go back to how they were then; the restore is recorded as a new version.`}
                  confirmLabel="Restore"
                  trigger="Restore"
                  triggerSize="small"
                  triggerAriaLabel={`Restore version ${v.version}`}
                  onConfirm={() => restoreVersion(v.version)}
                />
              </Can>
            ) : (
              <span className="muted">(current)</span>
            )}
          </div>
          <ZoneDiff label={`Changes of version ${v.version}`} removed={v.diff.removed} added={v.diff.added} />
        </li>
      ))}
    </ol>
  );
}

/** The drawer's DNS Zone tab (spec part 2, 2.6): SOA, NS, A, CNAME, MX and TXT; add, edit, delete, reset; the zone's history. */
export function DnsZonePanel({ domain }: { domain: string }) {
  const state = useStore($zone);
  const [view, setView] = useState<'records' | 'history'>('records');
  useEffect(() => {
    void loadZone(domain);
  }, [domain]);

  if (state.unavailable) {
    return (
      <p className="alert alert-info" role="status">
        {state.unavailable}
      </p>
    );
  }
  const zone = state.domain === domain ? state.zone : null;
  if (!zone) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const soa = zone.records.SOA;
  return (
    <div className="dns-zone">
      {zone.dns_type === 'EXTERNAL' ? (
        <p className="alert alert-warning" role="status">
          This domain uses external DNS: the records below are not what its nameservers answer.
        </p>
      ) : null}
      <div className="toolbar">
        <button type="button" className="button" aria-pressed={view === 'history'} onClick={() => setView(view === 'history' ? 'records' : 'history')}>
          {view === 'history' ? 'Records' : 'History'}
        </button>
        <Can scope="can_reset_domain_dns_zone">
          <Confirm
            message="Reset the DNS zone? Its records go back to the provider's defaults; custom records are removed (the history keeps them)."
            confirmLabel="Reset"
            trigger="Reset zone"
            onConfirm={resetZone}
          />
        </Can>
        <button type="button" className="button" onClick={() => void downloadZoneFile()}>
          Export
        </button>
        <Can scope="can_edit_domain_dns_zone_records">
          <ImportZoneDialog />
        </Can>
        <button type="button" className="button" onClick={() => void loadZone(domain)} disabled={state.loading}>
          Reload
        </button>
      </div>
      {view === 'history' ? (
        <History />
      ) : (
        <>
          <section className="zone-section" aria-labelledby="zone-SOA">
            <div className="zone-section-head">
              <h3 id="zone-SOA">SOA</h3>
              <Can scope="can_edit_domain_dns_zone_records">
                <RecordDialog
                  editing={{ type: 'SOA', name: '', values: [[soa.nameserver, soa.email, soa.serial, soa.refresh, soa.retry, soa.expiry, soa.ttl].join(' ')], ttl: soa.ttl }}
                  trigger="Edit"
                  triggerAriaLabel="Edit SOA"
                />
              </Can>
            </div>
            <dl className="detail-list soa-list">
              <dt>Nameserver</dt>
              <dd className="mono">{soa.nameserver}</dd>
              <dt>Email</dt>
              <dd className="mono">{soa.email}</dd>
              <dt>Serial</dt>
              <dd className="mono">{soa.serial}</dd>
              <dt>Refresh / retry / expire</dt>
              <dd className="mono">
                {soa.refresh} / {soa.retry} / {soa.expiry}
              </dd>
              <dt>TTL</dt>
              <dd className="mono">{soa.ttl}</dd>
            </dl>
          </section>
          {RECORD_TYPES.map((t) => (
            <RecordTable key={t} type={t} />
          ))}
        </>
      )}
    </div>
  );
}
