import { Combobox, useListCollection } from '@ark-ui/react/combobox';
import { useFilter } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { countries } from 'countries-list';
import { Icon } from './Icon';
import '../styles/auth.css';
import '../styles/controls.css';

interface CountryItem {
  label: string;
  value: string;
}

const ITEMS: CountryItem[] = Object.entries(countries)
  .map(([code, c]) => ({ value: code, label: c.name }))
  .sort((a, b) => a.label.localeCompare(b.label));

export interface CountryComboboxProps {
  label: string;
  /** ISO 3166-1 alpha-2 code, or ''. */
  value: string;
  onValueChange: (code: string) => void;
  error?: string | undefined;
}

/** A searchable country list (type to filter, arrows to move, Enter to choose). */
export function CountryCombobox({ label, value, onValueChange, error }: CountryComboboxProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection<CountryItem>({ initialItems: ITEMS, filter: contains });
  return (
    <Combobox.Root
      className="field"
      collection={collection}
      value={value ? [value] : []}
      defaultInputValue={ITEMS.find((i) => i.value === value)?.label ?? ''}
      onInputValueChange={(d) => filter(d.inputValue)}
      onValueChange={(d) => onValueChange(d.value[0] ?? '')}
      invalid={Boolean(error)}
      openOnClick
    >
      <Combobox.Label className="field-label">{label}</Combobox.Label>
      <Combobox.Control className="combobox-control">
        <Combobox.Input className="input" name="country" autoComplete="country-name" />
        <Combobox.Trigger className="icon-button combobox-trigger" aria-label="Show countries">
          <Icon name="chevronDown" />
        </Combobox.Trigger>
      </Combobox.Control>
      {error ? <p className="field-error">{error}</p> : null}
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content className="combobox-content">
            {collection.items.map((item) => (
              <Combobox.Item key={item.value} item={item} className="combobox-item">
                <Combobox.ItemText>{item.label}</Combobox.ItemText>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
