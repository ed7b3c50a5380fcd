import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { RowSelectionState } from '@tanstack/react-table';
import { Can } from '../../../components/Can';
import { Confirm } from '../../../components/Confirm';
import { StatusBadge } from '../../../components/StatusBadge';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../../components/table';
import type { UrlRedirect } from '../../../lib/api/domain-web';
import { redirectsList, removeRedirects, searchRedirects, setRedirectStatus, showRedirects } from '../../../stores/domain-web';
import { $permissions, can } from '../../../stores/permissions';
import { NewRedirectDialog } from './NewRedirectDialog';
import './domain-web.css';

const redirectLabel = (r: UrlRedirect) => r.urls.join(', ');
const redirectId = (r: UrlRedirect) => r.guid;

const column = pagedColumnHelper<UrlRedirect>();

function columnsFor(editable: boolean, deletable: boolean) {
  return column.columns([
    column.accessor('urls', {
      header: 'URLs',
      cell: ({ getValue }) => (
        <ul className="redirect-urls">
          {getValue().map((url) => (
            <li key={url}>{url}</li>
          ))}
        </ul>
      ),
    }),
    column.accessor('destination', { header: 'Destination', cell: ({ getValue }) => <span className="redirect-urls">{getValue()}</span> }),
    column.accessor('response_code', { header: 'Code' }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: r } }) =>
        editable ? (
          <Switch
            label={`${r.status === 'ACTIVE' ? 'ACTIVE' : 'DISABLED'}: ${redirectLabel(r)}`}
            checked={r.status === 'ACTIVE'}
            onCheckedChange={(on) => void setRedirectStatus(r, on ? 'ACTIVE' : 'DISABLED')}
          />
        ) : (
          <StatusBadge status={r.status} />
        ),
    }),
    ...(deletable
      ? [
          actionsColumn(column, 'delete', (r) => (
            <Confirm
              message="Are you sure you want to delete this redirect?"
              trigger="Delete"
              triggerSize="small"
              triggerVariant="danger"
              triggerAriaLabel={`Delete the redirect of ${redirectLabel(r)}`}
              onConfirm={async () => {
                await removeRedirects([r.guid]);
              }}
            />
          )),
        ]
      : []),
  ]);
}

/** The drawer's URL Redirects tab (spec part 2, 2.7 and 4.2): search, the ACTIVE/DISABLED switch, multi-select bulk delete. */
export function RedirectsTab({ domain }: { domain: string }) {
  const permissions = useStore($permissions);
  const { filters } = useStore(redirectsList.$list);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<RowSelectionState>({});
  const editable = can('can_edit_domain_url_redirects', permissions);
  const deletable = can('can_delete_domain_url_redirects', permissions);
  const columns = useMemo(() => columnsFor(editable, deletable), [editable, deletable]);
  const chosen = Object.keys(selected);

  useEffect(() => {
    showRedirects(domain);
    setSearch('');
    setSelected({});
  }, [domain]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    searchRedirects(search);
  };

  return (
    <section className="domain-web-tab" aria-label="URL Redirects">
      <div className="toolbar">
        {/* biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself; a <search> around it would add a box to the toolbar's row. */}
        <form className="redirect-search" role="search" onSubmit={submitSearch}>
          <TextField label="Search redirects" type="search" value={search} onValueChange={setSearch} />
          <button type="submit" className="button">
            Search
          </button>
        </form>
        <div className="toolbar-end">
          <button type="button" className="button" onClick={() => void redirectsList.load()}>
            Reload
          </button>
          <Can scope="can_add_domain_url_redirects">
            <NewRedirectDialog />
          </Can>
        </div>
      </div>
      {deletable && chosen.length ? (
        <div className="toolbar" role="status">
          <span>{chosen.length} selected.</span>
          <Confirm
            message={`Are you sure you want to delete ${chosen.length} redirect${chosen.length === 1 ? '' : 's'}?`}
            trigger="Delete selected"
            triggerSize="small"
            triggerVariant="danger"
            onConfirm={async () => {
              if (await removeRedirects(chosen)) setSelected({});
            }}
          />
        </div>
      ) : null}
      <PagedTable
        caption="URL Redirects"
        columns={columns}
        list={redirectsList}
        getRowId={redirectId}
        selection={deletable ? { selected, onChange: setSelected, rowLabel: redirectLabel } : undefined}
        empty={filters.search ? 'No redirects match the search.' : 'No URL redirects yet.'}
      />
    </section>
  );
}
