import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { TagSearch } from '../../components/TagSearch';
import { PagedTable } from '../../components/table';
import type { IpAddress } from '../../lib/api/ip-addresses';
import { isSelectableIp } from '../../lib/schemas/ip-addresses';
import { splitTags } from '../../lib/schemas/lists';
import { countOf } from '../../lib/format/words';
import {
  $ipGroup,
  $pick,
  changePageSelection,
  clearPick,
  IP_PAGE_SIZES,
  ipList,
  loadIpGroup,
  pageSelection,
  pickAll,
  pickCount,
  pickIsEmpty,
  reloadIps,
  searchIps,
  showGroupIps,
} from '../../stores/ip-addresses';
import { CancelDialog } from './CancelDialog';
import { ipColumns } from './columns';
import { GroupSettingsDialog } from './GroupSettingsDialog';
import { IpBulkDialog } from './IpBulkDialog';
import { IpExportDialog } from './IpExportDialog';
import { MoveDialog } from './MoveDialog';
import { OrderSlot } from './OrderSlot';
import { SignatureDialog } from './SignatureDialog';
import { SlotsDialog } from './SlotsDialog';
import '../../styles/ip-addresses.css';

const ipId = (ip: IpAddress) => ip.guid;
const ipLabel = (ip: IpAddress) => ip.ip_address;

/**
 * The IP group page (spec part 3, 2.2): every column, tag search, server pages of up to 10,000
 * rows drawn as virtual rows, a selection that names addresses or "all of the list as searched
 * less the unticked" (never 99,999 objects), the HTTP/2 toggle and the modals.
 */
export function IpGroupPage({ group }: { group: string }) {
  useEffect(() => {
    showGroupIps(group);
    void loadIpGroup(group);
  }, [group]);
  const list = useStore(ipList.$list);
  const { group: detail } = useStore($ipGroup);
  const pick = useStore($pick);
  const rows = list.answer?.data ?? [];
  const selected = useMemo(() => pageSelection(pick, rows), [pick, rows]);
  const tags = splitTags(list.filters.search);
  const count = pickCount(pick);
  const nothing = pickIsEmpty(pick);
  const exceptCount = pick.all ? Object.keys(pick.except).length : 0;
  const what = pick.all ? `every selectable IP address of the list${exceptCount ? ` but ${exceptCount}` : ''}` : countOf(count ?? 0, 'IP address', 'IP addresses');
  const selectablePage = rows.some(isSelectableIp);

  return (
    <section aria-label="IP addresses" className="ip-group-page">
      <div className="ip-group-heading">
        <h2 aria-busy={!detail}>{detail?.name ?? 'Loading the group…'}</h2>
        {detail ? (
          <span className="muted">
            {countOf(detail.ip_address_count, 'IP address', 'IP addresses')}, {detail.active_count.toLocaleString('en-US')} active
          </span>
        ) : null}
      </div>
      <div className="toolbar">
        <TagSearch label="Search IP addresses" tags={tags} onTagsChange={searchIps} placeholder="Search by IP address, city or country" />
      </div>
      <div className="toolbar ip-actions">
        <Can scope="can_add_ip_addresses">
          <OrderSlot group={group} />
        </Can>
        <Can scope="can_edit_ip_addresses">
          <IpBulkDialog disabled={nothing} what={what} />
          <MoveDialog disabled={nothing} what={what} />
          <SlotsDialog disabled={nothing} />
        </Can>
        <Can scope="can_add_cancellation_requests">
          <CancelDialog disabled={nothing} what={what} />
        </Can>
        <IpExportDialog key={nothing ? 'all' : 'selection'} hasSelection={!nothing} />
        <Can scope="can_edit_ip_groups">{detail ? <GroupSettingsDialog key={detail.name} name={detail.name} /> : null}</Can>
        <button type="button" className="button" onClick={() => void reloadIps()} disabled={list.loading}>
          Reload
        </button>
      </div>
      {!nothing || (list.answer && list.answer.total > rows.length && selectablePage) ? (
        <p className="selection-note" role="status">
          {pick.all ? `All selectable IP addresses of the list are selected${exceptCount ? `, but ${exceptCount}` : ''}.` : count ? `${count} selected.` : null}{' '}
          {!pick.all && list.answer && list.answer.total > 0 ? (
            <button type="button" className="link-button" onClick={pickAll}>
              Select all {list.answer.total} of the list
            </button>
          ) : null}{' '}
          {!nothing ? (
            <button type="button" className="link-button" onClick={clearPick}>
              Clear selection
            </button>
          ) : null}
        </p>
      ) : null}
      <PagedTable
        caption="IP addresses"
        columns={ipColumns}
        list={ipList}
        getRowId={ipId}
        selection={{ selected, onChange: (next) => changePageSelection(next, rows), rowLabel: ipLabel, canSelect: isSelectableIp }}
        columnsKey="ip-addresses"
        pageSizes={IP_PAGE_SIZES}
        empty={tags.length ? 'No IP address matches the search.' : 'This group has no IP addresses yet.'}
      />
      <SignatureDialog />
    </section>
  );
}
