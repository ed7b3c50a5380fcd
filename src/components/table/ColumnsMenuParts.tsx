import { useEffect, useRef } from 'react';
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { RowData } from '@tanstack/react-table';
import { Icon } from '../Icon';
import { openAsAsked, type OpenedBy } from '../overlays/deferred';
import { columnLabel, type AnyColumn } from './ColumnsMenu';
import '../../styles/overlays.css';

/**
 * Ark's menu behind ./ColumnsMenu.tsx. It stays open while entries are toggled, and the last
 * visible column cannot be hidden, so a table never shows nothing. `openWith`: it
 * replaces the button the person just used, and opens as that click or key would have.
 */
export function ColumnsMenuParts<Row extends RowData>({
  columns,
  hideable,
  tableName,
  openWith,
}: {
  columns: AnyColumn<Row>[];
  hideable: AnyColumn<Row>[];
  tableName: string;
  openWith?: OpenedBy;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => openAsAsked(trigger.current, openWith), [openWith]);
  const visibleCount = columns.filter((c) => c.getIsVisible()).length;
  return (
    <Menu.Root lazyMount unmountOnExit closeOnSelect={false} positioning={{ placement: 'bottom-end', gutter: 6 }}>
      <Menu.Trigger ref={trigger} className="button button-small" aria-label={`Columns of ${tableName}`}>
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
