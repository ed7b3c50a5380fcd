import type { ReactNode } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { HEADERS } from './labels';

/** From this many rows on, the wizard's tables keep only the rows in view in the document. */
export const VIRTUALISE_FROM = 200;
/** The scroll box of a virtual wizard table is at most this tall (see .wizard-scroll in domains.css). */
export const WIZARD_VIEWPORT_HEIGHT = 600;

/**
 * The rows the virtualizer chose, with hidden spacer rows for the gaps before, between (when a
 * row out of view is kept, e.g. the one holding focus) and after them, so the table keeps its
 * native semantics, column widths and full scroll height.
 */
export function withSpacers(items: readonly VirtualItem[], totalSize: number, colSpan: number, renderRow: (index: number) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const item of items) {
    if (item.start > at) out.push(<Spacer key={`gap-before-${item.key}`} height={item.start - at} colSpan={colSpan} />);
    out.push(renderRow(item.index));
    at = Math.max(at, item.end);
  }
  if (totalSize > at) out.push(<Spacer key="gap-end" height={totalSize - at} colSpan={colSpan} />);
  return out;
}

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row that holds the height of the rows not drawn; nothing in it takes the focus.
    <tr className="data-table-spacer" aria-hidden="true">
      <td colSpan={colSpan} style={{ height }} />
    </tr>
  );
}

/** The head of the wizard's tables (edit and review): the first row of an `aria-rowcount` table when virtual. */
export function WizardHead({ virtual, actions = false }: { virtual: boolean; actions?: boolean }) {
  return (
    <thead>
      <tr aria-rowindex={virtual ? 1 : undefined}>
        {HEADERS.map((h) => (
          <th key={h} scope="col">
            {h}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
