import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Drawer } from '../../components/Drawer';
import { Icon } from '../../components/Icon';
import { $search, resetSearch, runSearch } from '../../stores/search';
import { isSearchShortcut } from './search-shortcut';
import { SearchResults } from './SearchResults';

/**
 * The global search (spec part 3, 2.14): one input in a side drawer, opened by its header
 * button, '/' or Ctrl/Cmd-K; Enter or the Search button searches, and the drawer says while
 * it works and when nothing is found.
 */
export function SearchDrawer() {
  const state = useStore($search);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the field holds now is searched, typed or pasted.
    void runSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
  }

  return (
    <Drawer
      title="Search"
      open={open}
      initialFocus={() => input.current}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) resetSearch();
      }}
      trigger={
        <button type="button" className="search-trigger" aria-keyshortcuts="/ Control+K Meta+K">
          <Icon name="search" size={18} />
          <span className="search-trigger-text">Search domains and IP addresses</span>
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <kbd> takes no focus; the key is announced by aria-keyshortcuts, so its picture is hidden. */}
          <kbd className="search-trigger-key" aria-hidden="true">
            /
          </kbd>
        </button>
      }
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself; a <search> around it would add a box to the drawer's layout. */}
      <form role="search" className="search-form" onSubmit={submit} noValidate aria-busy={state.loading}>
        <label className="field-label" htmlFor="global-search">
          Domain or IP address
        </label>
        <div className="search-row">
          <input
            ref={input}
            id="global-search"
            name="q"
            className="input"
            type="search"
            autoComplete="off"
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? 'global-search-error global-search-hint' : 'global-search-hint'}
          />
          <button type="submit" className="button button-primary" disabled={state.loading}>
            {state.loading ? 'Searching...' : 'Search'}
          </button>
        </div>
        <p id="global-search-hint" className="field-hint">
          A domain name or part of one, or an IP address.
        </p>
        {state.error ? (
          <p id="global-search-error" className="field-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </form>
      <SearchResults state={state} />
    </Drawer>
  );
}
