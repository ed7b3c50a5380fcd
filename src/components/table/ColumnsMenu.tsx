import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { Column, RowData } from '@tanstack/react-table';
import { Icon } from '../Icon';
import type { PagedTableFeatures } from './features';
import '../../styles/overlays.css';

type AnyColumn<Row extends RowData> = Column<PagedTableFeatures, Row, unknown>;

/** A column's name in the menu: its text header, or the label its meta gives. */
export function columnLabel<Row extends RowData>(column: AnyColumn<Row>): string | undefined {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : undefined);
}

/**
 * The Columns menu: one checkbox entry per column that may be hidden. It stays open while
 * entries are toggled, and the last visible column cannot be hidden, so a table never
 * shows nothing.
 */
export function ColumnsMenu<Row extends RowData>({ columns, tableName }: { columns: AnyColumn<Row>[]; tableName: string }) {
  const hideable = columns.filter((c) => c.getCanHide() && columnLabel(c));
  if (hideable.length === 0) return null;
  const visibleCount = columns.filter((c) => c.getIsVisible()).length;
  return (
    <Menu.Root lazyMount unmountOnExit closeOnSelect={false} positioning={{ placement: 'bottom-end', gutter: 6 }}>
      <Menu.Trigger className="button button-small" aria-label={`Columns of ${tableName}`}>
        Columns
        <Icon name="chevronDown" size={14} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="menu">
            {hideable.map((column) => {
              const visible = column.getIsVisible();
              return (
                <Menu.CheckboxItem
                  key={column.id}
                  value={column.id}
                  className="menu-item menu-check"
                  checked={visible}
                  disabled={visible && visibleCount <= 1}
                  onCheckedChange={(checked) => column.toggleVisibility(checked)}
                >
                  <span className="menu-check-box" aria-hidden="true">
                    <Menu.ItemIndicator>
                      <Icon name="check" size={14} />
                    </Menu.ItemIndicator>
                  </span>
                  <Menu.ItemText>{columnLabel(column)}</Menu.ItemText>
                </Menu.CheckboxItem>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
