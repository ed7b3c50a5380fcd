import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { GroupIpAddress } from '../../../lib/api/domains';
import type { HostingAccount } from '../../../lib/api/hosting';
import { fullAddresses, type WizardRow } from '../../../stores/add-domains';
import { EditRow } from './EditRow';
import { HEADERS } from './labels';
import { VIRTUALISE_FROM, WIZARD_VIEWPORT_HEIGHT, WizardHead, withSpacers } from './virtual';
import { ScrollBox } from '../../../components/ScrollBox';

/**
 * A row's height before it is measured: a 40 px field, 2 x 9 px cell padding and a 1 px border
 * (base.css .input, controls.css .data-table td). Rows are measured as drawn: an error makes one taller.
 */
export const EDIT_ROW_HEIGHT = 59;
const COLUMNS = HEADERS.length + 1;

export interface EditTableProps {
  rows: readonly WizardRow[];
  ips: readonly GroupIpAddress[];
  accounts: readonly HostingAccount[];
  presets: readonly { guid: string; name: string }[];
  /** Raised after a review found bad rows: the first of them is brought into view and its field focused. */
  errorJump: number;
}

/** The same set object while its members stay the same, so memoised rows skip re-rendering. */
function useStableSet(next: Set<string>): ReadonlySet<string> {
  const kept = useRef(next);
  const same = kept.current.size === next.size && [...next].every((v) => kept.current.has(v));
  if (!same) kept.current = next;
  return kept.current;
}

/**
 * The wizard's editable table (spec part 2, 2.8 step 1). From VIRTUALISE_FROM rows on, only the
 * rows in view (and a few either side) are in the document, inside their own scroll box; the
 * row holding focus is kept drawn while it scrolls away, so an edit is never cut off.
 */
export function EditTable({ rows, ips, accounts, presets, errorJump }: EditTableProps) {
  const scrollBox = useRef<HTMLDivElement>(null);
  const virtual = rows.length >= VIRTUALISE_FROM;
  const full = useStableSet(useMemo(() => fullAddresses(rows, ips), [rows, ips]));

  const [focusedKey, setFocusedKey] = useState<number | null>(null);
  const focusedIndex = useMemo(() => (focusedKey === null ? -1 : rows.findIndex((r) => r.key === focusedKey)), [rows, focusedKey]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex < 0 || indexes.includes(focusedIndex)) return indexes;
      return [...indexes, focusedIndex].sort((a, b) => a - b);
    },
    [focusedIndex],
  );
  const virtualizer = useVirtualizer({
    enabled: virtual,
    count: rows.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => EDIT_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    rangeExtractor,
    // Before the box is measured (first paint) assume it is full height.
    initialRect: { width: 0, height: WIZARD_VIEWPORT_HEIGHT },
  });

  const onFocus = (e: FocusEvent<HTMLTableSectionElement>) => {
    const key = (e.target as HTMLElement).closest<HTMLElement>('tr[data-key]')?.dataset.key;
    if (key) setFocusedKey(Number(key));
  };
  const onBlur = (e: FocusEvent<HTMLTableSectionElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusedKey(null);
  };

  // After a review that found bad rows (and when the table comes back with the server's
  // refusals), the first bad row is scrolled to and its first bad field focused.
  const pendingFocus = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new review (errorJump) asks for this, not each edit of the rows.
  useEffect(() => {
    const index = rows.findIndex((r) => Object.keys(r.errors).length > 0);
    if (index < 0) return;
    pendingFocus.current = rows[index]!.key;
    if (virtual) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [errorJump]);
  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const row = scrollBox.current?.querySelector<HTMLElement>(`tr[data-key="${key}"]`);
    if (!row) return;
    pendingFocus.current = null;
    // A refusal of the group is shown under the domain without marking a field: the domain then.
    (row.querySelector<HTMLElement>('[aria-invalid="true"]') ?? row.querySelector<HTMLElement>('input, select'))?.focus();
  });

  const renderRow = (index: number) => {
    const row = rows[index]!;
    return (
      <EditRow
        key={row.key}
        row={row}
        index={index}
        ariaRowIndex={virtual ? index + 2 : undefined}
        ips={ips}
        full={full}
        accounts={accounts}
        presets={presets}
        measureRef={virtual ? virtualizer.measureElement : undefined}
      />
    );
  };

  return (
    <ScrollBox ref={scrollBox} className={virtual ? 'data-table-wrap wizard-scroll' : 'data-table-wrap'} label="Domains to add">
      <table className="data-table wizard-table" aria-rowcount={virtual ? rows.length + 1 : undefined}>
        <caption className="visually-hidden">Domains to add</caption>
        <WizardHead virtual={virtual} actions />
        <tbody onFocus={onFocus} onBlur={onBlur}>
          {virtual ? withSpacers(virtualizer.getVirtualItems(), virtualizer.getTotalSize(), COLUMNS, renderRow) : rows.map((_, index) => renderRow(index))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
