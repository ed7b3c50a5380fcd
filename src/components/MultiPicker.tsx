import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { useFilter } from '@ark-ui/react/locale';
import { Icon } from './Icon';
import '../styles/controls.css';
import '../styles/multi-picker.css';

/** One choice: the value sent and the label shown. */
export interface PickerOption {
  value: string;
  label: string;
}

export interface MultiPickerProps {
  label: string;
  /** The picked values, in the order they were picked. */
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** What the list offers now: all of them, or (with `onSearch`) the matches of the last search. */
  options: readonly PickerOption[];
  /** Labels of picked values the options may not hold (a search shows only its matches, a list may be capped). */
  picked?: readonly PickerOption[] | undefined;
  /** Given, the caller searches (on the server) with the typed text and passes the matches as `options`; otherwise they are filtered here. */
  onSearch?: ((text: string) => void) | undefined;
  loading?: boolean | undefined;
  /** The sentence beside the picker; the input is marked invalid and described by it. */
  error?: string | undefined;
  /** What the picker offers, under it and tied to the input (a cap, how to search). */
  hint?: string | undefined;
  placeholder?: string | undefined;
  /** Said in the list when nothing matches. */
  empty?: string | undefined;
}

/**
 * A labelled multi-select (Ark UI Combobox with `multiple`): type to narrow the list, arrows to
 * move, Enter to pick or unpick; the picked ones stand above it as chips, each with a Remove
 * button, and Backspace in the empty box removes the last. Its sentence and hint are tied to the
 * input with aria-describedby, as TextField ties its own.
 */
export function MultiPicker({
  label,
  value,
  onValueChange,
  options,
  picked = [],
  onSearch,
  loading = false,
  error,
  hint,
  placeholder = 'Type to search...',
  empty = 'Nothing matches.',
}: MultiPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const { contains } = useFilter({ sensitivity: 'base' });
  // Labels seen so far: a picked choice keeps its name when a later search no longer shows it.
  const labels = useRef(new Map<string, string>());
  for (const o of [...picked, ...options]) labels.current.set(o.value, o.label);
  const labelOf = (v: string) => labels.current.get(v) ?? v;

  const searching = Boolean(onSearch);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `contains` follows the locale, which does not change while the picker shows.
  const collection = useMemo(() => {
    const shown = searching ? options : options.filter((o) => contains(o.label, text));
    return createListCollection<PickerOption>({ items: [...shown], itemToString: (o) => o.label, itemToValue: (o) => o.value });
  }, [options, text, searching]);

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  function removeLast(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && text === '' && value.length) onValueChange(value.slice(0, -1));
  }

  return (
    <Combobox.Root
      className="field multi-picker"
      collection={collection}
      multiple
      value={[...value]}
      onValueChange={(details) => onValueChange(details.value)}
      inputValue={text}
      onInputValueChange={(details) => {
        setText(details.inputValue);
        onSearch?.(details.inputValue);
      }}
      invalid={Boolean(error)}
      openOnClick
      // Inside a dialog: fixed, so the dialog body's scrolling box does not clip the list.
      positioning={{ strategy: 'fixed', sameWidth: true, gutter: 4 }}
    >
      <Combobox.Label className="field-label">{label}</Combobox.Label>
      {value.length ? (
        <ul className="picker-chips" aria-label={`${label}: picked`}>
          {value.map((v) => (
            <li key={v} className="picker-chip">
              <span>{labelOf(v)}</span>
              <button type="button" className="picker-chip-remove" aria-label={`Remove ${labelOf(v)}`} onClick={() => onValueChange(value.filter((x) => x !== v))}>
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Combobox.Control className="combobox-control multi-picker-control">
        <Combobox.Input className="input" placeholder={placeholder} autoComplete="off" aria-describedby={describedBy} onKeyDown={removeLast} />
        <Combobox.Trigger className="icon-button multi-picker-trigger" aria-label={`Show ${label.toLowerCase()}`}>
          <Icon name="chevronDown" />
        </Combobox.Trigger>
      </Combobox.Control>
      {hint ? (
        <p id={hintId} className="field-hint multi-picker-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      <Combobox.Positioner className="multi-picker-positioner">
        <Combobox.Content className="multi-picker-content">
          {collection.items.map((item) => (
            <Combobox.Item key={item.value} item={item} className="multi-picker-item">
              <Combobox.ItemText>{item.label}</Combobox.ItemText>
              <Combobox.ItemIndicator className="multi-picker-check">
                <Icon name="check" size={16} />
              </Combobox.ItemIndicator>
            </Combobox.Item>
          ))}
        </Combobox.Content>
        {/* Outside the listbox, which may hold options only. */}
        <Combobox.Context>
          {(api) =>
            api.open && !collection.items.length ? (
              <p className="multi-picker-content multi-picker-note" role="status">
                {loading ? 'Loading...' : empty}
              </p>
            ) : null
          }
        </Combobox.Context>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
