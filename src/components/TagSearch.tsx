import { useId, useState, type KeyboardEvent } from 'react';
import { splitTags } from '../lib/schemas/lists';
import { Icon } from './Icon';
import '../styles/controls.css';

/** Spec part 2, 9: the tag search shows up to 50 tags. */
export const MAX_SEARCH_TAGS = 50;

export interface TagSearchProps {
  label: string;
  tags: readonly string[];
  onTagsChange: (tags: string[]) => void;
  placeholder?: string;
}

/**
 * A tag-style search box (spec part 2, 2.3 and 2.11): what is typed becomes tags on Enter, a
 * comma, a space or leaving the box (a pasted list splits the same way); each tag can be
 * removed; at most 50 are kept. Backspace in an empty box removes the last tag.
 */
export function TagSearch({ label, tags, onTagsChange, placeholder = 'Search...' }: TagSearchProps) {
  const [text, setText] = useState('');
  const id = useId();

  function commit(value: string) {
    const added = splitTags(value).filter((t) => !tags.includes(t));
    setText('');
    if (added.length) onTagsChange([...tags, ...new Set(added)].slice(0, MAX_SEARCH_TAGS));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length) {
      onTagsChange(tags.slice(0, -1));
    }
  }

  return (
    <search className="tag-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {tags.length ? (
        <ul className="filter-tags" aria-label={`${label}: tags`}>
          {tags.map((tag) => (
            <li key={tag} className="filter-tag">
              <span>{tag}</span>
              <button type="button" className="filter-tag-remove" aria-label={`Remove ${tag}`} onClick={() => onTagsChange(tags.filter((t) => t !== tag))}>
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className="input tag-search-input"
        type="search"
        value={text}
        placeholder={tags.length >= MAX_SEARCH_TAGS ? `At most ${MAX_SEARCH_TAGS} tags` : placeholder}
        disabled={tags.length >= MAX_SEARCH_TAGS}
        onChange={(e) => {
          const value = e.target.value;
          // A space or comma ends a tag; a pasted list becomes several.
          if (/[\s,]/.test(value)) commit(value);
          else setText(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => text && commit(text)}
      />
    </search>
  );
}
