import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { RowSelectionState } from '@tanstack/react-table';
import { Can } from '../../components/Can';
import { StatusBadge } from '../../components/StatusBadge';
import { TagSearch } from '../../components/TagSearch';
import { PagedTable, pagedColumnHelper, ReloadButton, SelectionNote } from '../../components/table';
import type { Website } from '../../lib/api/websites';
import { splitTags } from '../../lib/schemas/lists';
import { websitesList } from '../../stores/websites';
import '../../styles/domains.css';

const column = pagedColumnHelper<Website>();
const columns = column.columns([
  column.accessor('domain', {
    header: 'Domain',
    enableHiding: false,
    meta: { className: 'cell-wrap' },
    cell: ({ row }) => <a href={`/websites/${row.original.guid}`}>{row.original.domain}</a>,
  }),
  column.display({ id: 'software', header: 'Software', cell: ({ row }) => row.original.software.name }),
  column.display({ id: 'status', header: 'Software status', cell: ({ row }) => <StatusBadge status={row.original.software.status} /> }),
]);

const websiteId = (w: Website) => w.guid;
const websiteLabel = (w: Website) => w.domain;

/**
 * The websites list (spec part 2, 2.11): domains with software installed, a link to each
 * website's page, rows that can be selected across pages, a tag search (comma or space, up to
 * 50 tags) and New Domain, which leads to the domain groups page where domains are added.
 */
export function WebsitesPage() {
  const list = useStore(websitesList.$list);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const tags = splitTags(list.filters.search);
  const count = Object.keys(selected).length;
  return (
    <section aria-label="Websites">
      <div className="toolbar">
        <TagSearch label="Search websites" tags={tags} onTagsChange={(next) => websitesList.setFilters({ search: next.join(',') })} placeholder="Search by domain or software" />
        <Can scope="can_add_domain_groups">
          <a className="button button-primary" href="/domains">
            New Domain
          </a>
        </Can>
        <ReloadButton list={websitesList} />
      </div>
      {count ? <SelectionNote onClear={() => setSelected({})}>{count === 1 ? '1 website selected.' : `${count} websites selected.`}</SelectionNote> : null}
      <PagedTable
        caption="Websites"
        columns={columns}
        list={websitesList}
        getRowId={websiteId}
        selection={{ selected, onChange: setSelected, rowLabel: websiteLabel }}
        empty={tags.length ? 'No website matches the search.' : 'No website has software installed yet.'}
      />
    </section>
  );
}
