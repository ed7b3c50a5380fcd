import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Drawer } from '../../components/Drawer';
import { Icon } from '../../components/Icon';
import { $search, resetSearch, runSearch } from '../../stores/search';
import { SearchResults } from './SearchResults';

/** The global search: one input in a side drawer; Enter searches (spec part 3, 2.14). */
export function SearchDrawer() {
  const state = useStore($search);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    void runSearch(query);
  }

  return (
    <Drawer
      title="Search"
      initialFocus={() => input.current}
      onOpenChange={(open) => {
        if (!open) {
          resetSearch();
          setQuery('');
        }
      }}
      trigger={
        <button type="button" className="search-trigger">
          <Icon name="search" size={18} />
          <span>Search domains and IP addresses</span>
        </button>
      }
    >
      <form role="search" onSubmit={submit} noValidate>
        <label className="field-label" htmlFor="global-search">
          Domain or IP address
        </label>
        <input
          ref={input}
          id="global-search"
          className="input"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'global-search-error' : undefined}
        />
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
