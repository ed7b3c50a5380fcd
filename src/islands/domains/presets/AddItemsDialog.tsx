import { useId, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Checkbox } from '../../../components/Checkbox';
import { FormDialog } from '../../../components/FormDialog';
import { Pagination } from '../../../components/Pagination';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import type { PresetGroup, SoftwarePreset } from '../../../lib/api/presets';
import { DIRECTORY_PAGE_SIZE, itemTypeOf } from '../../../lib/schemas/presets';
import { $directory, itemsForm, searchItems, startItemSearch, type ItemsValues } from '../../../stores/presets';

const EMPTY: ItemsValues = { items: [] };
const installs = new Intl.NumberFormat('en', { notation: 'compact' });

/**
 * Add Items (spec part 2, 2.9): searches the plugin or theme directory (the group's type), 10 a
 * page, and adds every entry picked, across searches and pages, in one request. Entries the
 * group holds already are shown ticked and cannot be picked again.
 */
export function AddItemsDialog({ preset, group }: { preset: SoftwarePreset; group: PresetGroup }) {
  const [query, setQuery] = useState('');
  const { form, dialog } = useFormDialog(itemsForm, {
    initial: EMPTY,
    onOpen() {
      setQuery('');
      startItemSearch({ preset: preset.guid, group: group.guid, type: itemTypeOf(group.group_type) });
    },
  });
  const directory = useStore($directory);
  const searchId = useId();
  const kind = group.group_type === 'PLUGINS' ? 'plugins' : 'themes';
  const held = new Set(group.items.map((i) => i.slug));
  const picked = form.values.items;

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter searches; it must not submit the dialog's form.
    if (event.key === 'Enter') {
      event.preventDefault();
      void searchItems(query);
    }
  }

  function pick(entry: { name: string; slug: string }, on: boolean) {
    form.set('items', on ? [...picked, { name: entry.name, slug: entry.slug }] : picked.filter((p) => p.slug !== entry.slug));
  }

  const results = directory.answer?.data ?? [];
  return (
    <FormDialog
      title={`Add ${kind} to ${group.name}`}
      size="lg"
      {...dialog}
      trigger="Add Items"
      triggerSize="small"
      triggerAriaLabel={`Add Items to ${group.name}`}
      submitLabel={picked.length ? `Add ${picked.length} ${picked.length === 1 ? 'Item' : 'Items'}` : 'Add Items'}
      submitDisabled={picked.length === 0}
      formClassName="directory-form"
    >
      <search className="directory-search">
        <label htmlFor={searchId} className="field-label">
          Search the {kind} directory
        </label>
        <div className="directory-search-row">
          <input
            id={searchId}
            className="input"
            type="search"
            value={query}
            placeholder="Name or slug"
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
          />
          <button type="button" className="button" onClick={() => void searchItems(query)} disabled={directory.loading}>
            Search
          </button>
        </div>
      </search>
      <p className="directory-status" role="status">
        {directory.loading ? 'Searching...' : directory.answer ? `${directory.answer.total} found` : ''}
        {picked.length ? ` · ${picked.length} picked` : ''}
      </p>
      {form.errors.items ? (
        <p className="field-error" role="alert">
          {form.errors.items}
        </p>
      ) : null}
      <ul className="directory-results" aria-label={`Directory ${kind}`} aria-busy={directory.loading}>
        {results.map((entry) => {
          const already = held.has(entry.slug);
          return (
            <li key={entry.slug} className="directory-entry">
              <Checkbox
                label={
                  <span className="directory-entry-text">
                    <strong>{entry.name}</strong>{' '}
                    <span className="muted">
                      ({entry.slug}, version {entry.version}, {installs.format(entry.active_installs)}+ active installs)
                    </span>
                    <span className="directory-entry-description">{already ? 'Already in this group.' : entry.short_description}</span>
                  </span>
                }
                checked={already || picked.some((p) => p.slug === entry.slug)}
                disabled={already}
                onCheckedChange={(on) => pick(entry, on)}
              />
            </li>
          );
        })}
      </ul>
      {directory.answer && directory.answer.total > DIRECTORY_PAGE_SIZE ? (
        <Pagination
          page={directory.page}
          perPage={DIRECTORY_PAGE_SIZE}
          total={directory.answer.total}
          onPageChange={(p) => void searchItems(directory.query, p)}
          label={`Directory ${kind} pages`}
        />
      ) : null}
    </FormDialog>
  );
}
