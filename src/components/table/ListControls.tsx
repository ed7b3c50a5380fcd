import type { ReactNode } from 'react';
import type { ReadableAtom } from 'nanostores';
import { useStore } from '@nanostores/react';

/** A paged list's toolbar button that loads its page again; disabled while a load runs. */
export function ReloadButton({ list }: { list: { $list: ReadableAtom<{ loading: boolean }>; load: () => Promise<void> } }) {
  const { loading } = useStore(list.$list);
  return (
    <button type="button" className="button" onClick={() => void list.load()} disabled={loading}>
      Reload
    </button>
  );
}

/** The line over a list with rows selected: what is selected (and any other way to select), then Clear selection. */
export function SelectionNote({ children, onClear }: { children: ReactNode; onClear: () => void }) {
  return (
    <p className="selection-note" role="status">
      {children}{' '}
      <button type="button" className="link-button" onClick={onClear}>
        Clear selection
      </button>
    </p>
  );
}
