import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { RowSelectionState } from '@tanstack/react-table';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { TagSearch } from '../../components/TagSearch';
import { PagedTable, pagedColumnHelper, ReloadButton, SelectionNote } from '../../components/table';
import type { Domain } from '../../lib/api/domains';
import { flagOf } from '../../lib/format/flag';
import { expiryTag, healthTag, isSelectableDomain, softwareTag, sslTag } from '../../lib/rules/domain-tags';
import { splitTags } from '../../lib/schemas/lists';
import { $group } from '../../stores/domain-groups';
import { domainsList, openDomain, showGroupDomains } from '../../stores/domains';
import { DomainTag } from './DomainTag';
import { SignInButton } from './SignInButton';
import { selectableDomains } from '../../lib/requests/domains';
import { api } from '../../stores/api';
import { toastError } from '../../stores/toasts';
import { BulkActionsDialog } from './BulkActionsDialog';
import { ExportDialog } from './ExportDialog';
import { Can } from '../../components/Can';
import './domains-tab.css';

const column = pagedColumnHelper<Domain>();
const columns = column.columns([
  column.accessor('domain', {
    header: 'Domain',
    enableHiding: false,
    meta: { className: 'cell-domain' },
    cell: ({ row }) => (
      <button type="button" className="link-button" onClick={() => void openDomain(row.original.guid)}>
        {row.original.domain}
      </button>
    ),
  }),
  column.accessor('status', { header: 'Status', meta: { className: 'cell-status' }, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.display({
    id: 'ip_address',
    header: 'IP Address',
    cell: ({ row }) => {
      const ip = row.original.ip_address;
      if (!ip) return <span className="muted">None</span>;
      return (
        <span className="ip-cell">
          <span className="mono">{ip.ip_address}</span>
          <span className="muted">
            <span aria-hidden="true">{flagOf(ip.country_code)} </span>
            {[ip.city, ip.country].filter(Boolean).join(', ')}
          </span>
        </span>
      );
    },
  }),
  column.display({ id: 'hosting_account', header: 'Hosting Account', cell: ({ row }) => row.original.hosting_account?.name ?? <span className="muted">None</span> }),
  column.display({ id: 'ssl', header: 'SSL', cell: ({ row }) => <DomainTag tag={sslTag(row.original.ssl_certificate)} /> }),
  column.display({
    id: 'software',
    header: 'Software',
    cell: ({ row }) => {
      const software = row.original.software;
      return (
        <span className="software-cell">
          <DomainTag tag={softwareTag(software)} />
          {/* Spec part 2, 2.3 "Software column": ACTIVE software can be logged in to. */}
          {software?.status === 'ACTIVE' && row.original.status === 'ACTIVE' ? (
            <SignInButton target="software" domain={row.original.guid} label="Log in" allowed={!software.is_imported} />
          ) : null}
        </span>
      );
    },
  }),
  column.display({
    id: 'whois',
    header: 'Expires',
    cell: ({ row }) => {
      const { whois_expires, days_until_expiration } = row.original.whois;
      return (
        <span className="expiry-cell">
          <DateTime value={whois_expires} dateOnly fallback="Unknown" />
          {(() => {
            const tag = expiryTag(days_until_expiration);
            return tag ? <DomainTag tag={tag} /> : null;
          })()}
        </span>
      );
    },
  }),
  column.display({
    id: 'metrics',
    header: 'TF / DA',
    cell: ({ row }) => {
      const { tf, da } = row.original.metrics;
      return tf === null && da === null ? <span className="muted">Not checked</span> : <span className="metrics-figures">{`${tf ?? '-'} / ${da ?? '-'}`}</span>;
    },
  }),
  column.display({ id: 'health', header: 'Health', cell: ({ row }) => <DomainTag tag={healthTag(row.original)} /> }),
]);

const domainId = (d: Domain) => d.guid;
const domainLabel = (d: Domain) => d.domain;

/** The group's Domains tab (spec part 2, 2.3): the expiring banner, tag search, reload and the table. */
export function DomainsTab({ group }: { group: string }) {
  showGroupDomains(group);
  const list = useStore(domainsList.$list);
  const { expiring } = useStore($group);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const tags = splitTags(list.filters.search);
  const selectedCount = Object.keys(selected).length;
  const [selectingAll, setSelectingAll] = useState(false);

  /** 'Select all N': every ACTIVE domain of the list as searched, across its pages. */
  async function selectAll() {
    setSelectingAll(true);
    try {
      const { guids } = await selectableDomains(api, { group, search: list.filters.search || undefined });
      setSelected(Object.fromEntries(guids.map((g) => [g, true])));
    } catch (error) {
      toastError(error);
    } finally {
      setSelectingAll(false);
    }
  }

  return (
    <section aria-label="Domains">
      {expiring > 0 ? (
        <div className="alert alert-warning" role="status">
          {expiring === 1 ? '1 domain expires' : `${expiring} domains expire`} in less than 10 days.
        </div>
      ) : null}
      <div className="toolbar">
        <TagSearch
          label="Search domains"
          tags={tags}
          onTagsChange={(next) => domainsList.setFilters({ group, search: next.join(',') })}
          placeholder="Search by domain, IP address or hosting account"
        />
        <Can scope="can_edit_domains">
          <BulkActionsDialog group={group} selected={Object.keys(selected)} onDone={() => setSelected({})} />
        </Can>
        <ExportDialog group={group} selected={Object.keys(selected)} />
        <ReloadButton list={domainsList} />
      </div>
      {selectedCount ? (
        <SelectionNote onClear={() => setSelected({})}>
          {selectedCount} selected.
          {list.answer && selectedCount < list.answer.total ? (
            <>
              {' '}
              <button type="button" className="link-button" disabled={selectingAll} onClick={() => void selectAll()}>
                Select all ACTIVE domains of the list ({list.answer.total} shown)
              </button>
            </>
          ) : null}
        </SelectionNote>
      ) : null}
      <PagedTable
        caption="Domains"
        columns={columns}
        list={domainsList}
        getRowId={domainId}
        selection={{ selected, onChange: setSelected, rowLabel: domainLabel, canSelect: isSelectableDomain }}
        columnsKey="domains"
        empty={tags.length ? 'No domain matches the search.' : 'This group has no domains yet.'}
      />
    </section>
  );
}
