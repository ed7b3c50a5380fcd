import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { map } from 'nanostores';
import { describe, expect, it } from 'vitest';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { PagedTable, type PagedTableProps } from '../../../src/components/table/PagedTable';
import { pagedColumnHelper } from '../../../src/components/table/features';
import { usePagedTable, type PagedSource, type PagedTableInstance, type PagedTableOptions } from '../../../src/components/table/usePagedTable';
import { pageRequest, toPaginationState } from '../../../src/components/table/pagination';
import { ariaSort } from '../../../src/components/table/sorting';
import { columnVisibilityStore, decodeColumnVisibility } from '../../../src/stores/column-visibility';

interface Address {
  guid: string;
  ip: string;
  city: string;
}

const helper = pagedColumnHelper<Address>();
const columns = helper.columns([
  helper.accessor('ip', { header: 'IP Address', enableSorting: true }),
  helper.accessor('city', { header: 'City', meta: { className: 'cell-wrap' } }),
  helper.display({ id: 'actions', header: 'Actions', cell: ({ row }) => `View ${row.original.ip}` }),
]);

function addresses(count: number): Address[] {
  return Array.from({ length: count }, (_, i) => ({ guid: `g${i}`, ip: `10.0.${Math.floor(i / 256)}.${i % 256}`, city: `City ${i}` }));
}

/** A list as createPagedList shapes it, already loaded; paging requests are recorded. */
function loadedList(rows: Address[], { page = 1, perPage = rows.length, total = rows.length, loading = false } = {}) {
  const requests: string[] = [];
  const list: PagedSource<Address> = {
    $list: map({ loading, page, perPage, answer: loading && rows.length === 0 ? null : { data: rows, page, per_page: perPage, total } }),
    load: async (p = page) => void requests.push(`page ${p}`),
    setPageSize: (n: number) => void requests.push(`size ${n}`),
  };
  return { list, requests };
}

function render(props: Partial<PagedTableProps<Address>> & Pick<PagedTableProps<Address>, 'list'>): string {
  return renderToString(createElement(PagedTable<Address>, { caption: 'Addresses', columns, getRowId: (a: Address) => a.guid, ...props }));
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('PagedTable', () => {
  it('renders a captioned table with column headers, a row per record and the pager', () => {
    const { list } = loadedList(addresses(3), { total: 30, perPage: 3 });
    const html = render({ list });
    expect(html).toContain('<caption class="visually-hidden">Addresses</caption>');
    expect(count(html, /<th scope="col"/g)).toBe(3);
    expect(count(html, /<tbody>.*?<\/tbody>/gs)).toBe(1);
    expect(count(html, /<tr/g)).toBe(4);
    expect(html).toContain('<td class="cell-wrap">City 1</td>');
    expect(html).toContain('View 10.0.0.2');
    expect(html).toContain('30 rows');
    expect(html).toContain('aria-label="Addresses pages"');
    // Without sorting wired up, no header claims an order.
    expect(html).not.toContain('aria-sort');
  });

  it('says Loading... while the first page loads and the empty text when there are no rows', () => {
    expect(render({ list: loadedList([], { loading: true }).list })).toMatch(/aria-busy="true".*Loading\.\.\./s);
    expect(render({ list: loadedList([]).list, empty: 'No addresses yet.' })).toMatch(/<td colspan="3" class="data-table-empty">No addresses yet\.<\/td>/i);
  });

  it('marks opted-in columns sortable with aria-sort and a button, in the order the caller asked for', () => {
    const { list } = loadedList(addresses(2));
    const sorting: SortingState = [{ id: 'ip', desc: true }];
    const html = render({ list, sorting: { state: sorting, onChange: () => undefined } });
    expect(count(html, /aria-sort=/g)).toBe(1);
    expect(html).toMatch(/<th scope="col" aria-sort="descending"><button type="button" class="sort-button">IP Address/);
    expect(render({ list, sorting: { state: [], onChange: () => undefined } })).toContain('aria-sort="none"');
  });

  it('adds a labelled checkbox column when rows can be selected, and shows the selected ones checked', () => {
    const { list } = loadedList(addresses(3));
    const html = render({ list, selection: { selected: { g1: true }, onChange: () => undefined, rowLabel: (a) => a.ip } });
    expect(html).toContain('aria-label="Select all rows on this page"');
    expect(count(html, /aria-label="Select 10\.0\.0\.\d"/g)).toBe(3);
    expect(html).toMatch(/<tr class="is-checked"><td class="cell-select"><input type="checkbox" class="table-check" aria-label="Select 10\.0\.0\.1" checked=""/);
    expect(count(html, /checked=""/g)).toBe(1);
  });

  it('hides the columns the stored choice hides and offers the Columns menu', () => {
    const { list } = loadedList(addresses(2));
    columnVisibilityStore('unit-addresses').set({ city: false });
    const html = render({ list, columnsKey: 'unit-addresses' });
    expect(html).toContain('aria-label="Columns of Addresses"');
    expect(html).not.toContain('City 1');
    expect(count(html, /<th scope="col"/g)).toBe(2);
    columnVisibilityStore('unit-addresses').set({});
    expect(render({ list, columnsKey: 'unit-addresses' })).toContain('City 1');
  });

  it('keeps only the rows in view in the document for a page of 5,000 rows', () => {
    const { list } = loadedList(addresses(5000));
    const html = render({ list });
    const bodyRows = count(html, /<tr(?! class="data-table-spacer")[ >]/g) - 1;
    expect(bodyRows).toBeGreaterThan(10);
    expect(bodyRows).toBeLessThan(40);
    expect(html).toContain('aria-rowcount="5001"');
    expect(html).toContain('10.0.0.0');
    expect(html).not.toContain('10.0.19.135');
    // The hidden spacer after the rendered rows keeps the full scroll height.
    expect(html).toMatch(/<tr class="data-table-spacer" aria-hidden="true"><td colspan="3" style="height:\d{6}px"/i);
  });

  it('renders every row of an ordinary page without spacers', () => {
    const html = render({ list: loadedList(addresses(100)).list });
    expect(count(html, /<tr/g)).toBe(101);
    expect(html).not.toContain('data-table-spacer');
  });
});

/** The table instance usePagedTable builds for these options (rendered once, as a component would). */
function tableFor(options: Omit<PagedTableOptions<Address>, 'columns' | 'getRowId'>): PagedTableInstance<Address> {
  let table: PagedTableInstance<Address> | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: a probe made for this one render, to capture what the hook returns; it is never rendered again.
  function Probe() {
    table = usePagedTable({ columns, getRowId: (a) => a.guid, ...options });
    return null;
  }
  renderToString(createElement(Probe));
  if (!table) throw new Error('usePagedTable did not run');
  return table;
}

describe('usePagedTable', () => {
  it('selects every row of the page from the header box, and single rows by id, keeping other pages', () => {
    const changes: RowSelectionState[] = [];
    const selection = { selected: { elsewhere: true } as RowSelectionState, onChange: (s: RowSelectionState) => void changes.push(s), rowLabel: (a: Address) => a.ip };
    const table = tableFor({ list: loadedList(addresses(3)).list, selection });
    table.getToggleAllPageRowsSelectedHandler()({ target: { checked: true } });
    expect(changes.at(-1)).toEqual({ elsewhere: true, g0: true, g1: true, g2: true });
    table.getRow('g1').toggleSelected(true);
    expect(changes.at(-1)).toEqual({ elsewhere: true, g1: true });
    expect(table.getIsSomePageRowsSelected()).toBe(false);
  });

  it('sorts only opted-in columns, asking the caller for ascending, then descending, then none', () => {
    const asked: SortingState[] = [];
    const sortedBy = (state: SortingState) => tableFor({ list: loadedList(addresses(2)).list, sorting: { state, onChange: (s) => void asked.push(s) } });
    expect(sortedBy([]).getColumn('city')?.getCanSort()).toBe(false);
    sortedBy([]).getColumn('ip')?.toggleSorting();
    sortedBy([{ id: 'ip', desc: false }])
      .getColumn('ip')
      ?.getToggleSortingHandler()?.({});
    sortedBy([{ id: 'ip', desc: true }])
      .getColumn('ip')
      ?.getToggleSortingHandler()?.({});
    expect(asked.map((s) => s.map((c) => `${c.id} ${c.desc ? 'desc' : 'asc'}`).join())).toEqual(['ip asc', 'ip desc', '']);
    // Without a sorting owner nothing claims to sort.
    expect(
      tableFor({ list: loadedList(addresses(2)).list })
        .getColumn('ip')
        ?.getCanSort(),
    ).toBe(false);
  });

  it('pages through the list: a page change loads that page, a size change reloads from the first', () => {
    const { list, requests } = loadedList(addresses(25), { page: 2, perPage: 25, total: 120 });
    const table = tableFor({ list });
    expect(table.getPageCount()).toBe(5);
    table.nextPage();
    table.setPageSize(50);
    expect(requests).toEqual(['page 3', 'size 50']);
  });

  it('remembers hidden columns in the store of the list, and only when the list allows hiding', () => {
    const store = columnVisibilityStore('unit-hiding');
    store.set({});
    tableFor({ list: loadedList(addresses(1)).list, columnsKey: 'unit-hiding' })
      .getColumn('city')
      ?.toggleVisibility(false);
    expect(store.get()).toEqual({ city: false });
    expect(
      tableFor({ list: loadedList(addresses(1)).list })
        .getColumn('city')
        ?.getCanHide(),
    ).toBe(false);
    store.set({});
  });
});

describe('paged table helpers', () => {
  it('turns pager changes into list requests', () => {
    const now = toPaginationState(3, 25);
    expect(now).toEqual({ pageIndex: 2, pageSize: 25 });
    expect(pageRequest(now, { pageIndex: 3, pageSize: 25 })).toEqual({ kind: 'page', page: 4 });
    expect(pageRequest(now, (old) => ({ ...old, pageSize: 50, pageIndex: 1 }))).toEqual({ kind: 'size', perPage: 50 });
    expect(pageRequest(now, now)).toBeNull();
  });

  it('names the sort order for aria-sort', () => {
    expect([ariaSort('asc'), ariaSort('desc'), ariaSort(false)]).toEqual(['ascending', 'descending', 'none']);
  });

  it('reads only yes/no column choices from storage', () => {
    expect(decodeColumnVisibility('{"ip":false,"city":true,"x":"no"}')).toEqual({ ip: false, city: true });
    expect(decodeColumnVisibility('[1]')).toEqual({});
    expect(decodeColumnVisibility('not json')).toEqual({});
  });
});
