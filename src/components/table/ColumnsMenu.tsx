import type { Column, RowData } from '@tanstack/react-table';
import { Icon } from '../Icon';
import { once, useDeferredParts } from '../overlays/deferred';
import type { PagedTableFeatures } from './features';

export type AnyColumn<Row extends RowData> = Column<PagedTableFeatures, Row, unknown>;

/** A column's name in the menu: its text header, or the label its meta gives. */
export function columnLabel<Row extends RowData>(column: AnyColumn<Row>): string | undefined {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : undefined);
}

const loadParts = once(() => import('./ColumnsMenuParts'));

/**
 * The Columns menu: one checkbox entry per column that may be hidden. Its menu code loads
 * when the button is first reached (src/components/overlays), like every menu's.
 */
export function ColumnsMenu<Row extends RowData>({ columns, tableName }: { columns: AnyColumn<Row>[]; tableName: string }) {
  const { parts, openedBy, triggerProps } = useDeferredParts(loadParts);
  const hideable = columns.filter((c) => c.getCanHide() && columnLabel(c));
  if (hideable.length === 0) return null;
  if (parts) return <parts.ColumnsMenuParts columns={columns} hideable={hideable} tableName={tableName} openWith={openedBy} />;
  return (
    <button type="button" className="button button-small" aria-label={`Columns of ${tableName}`} {...triggerProps('menu')}>
      Columns
      <Icon name="chevronDown" size={14} />
    </button>
  );
}
