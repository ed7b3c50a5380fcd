import { countries } from 'countries-list';
import type { TextFieldBinding } from './use-form';
import { SelectField } from './SelectField';

/** Every country by its name, once for the whole panel. */
const COUNTRY_LIST = Object.entries(countries).sort((a, b) => a[1].name.localeCompare(b[1].name));

/** A country chosen from the list, its ISO code as the value (billing addresses: a company, a card). */
export function CountrySelectField({ binding, label = 'Country' }: { binding: TextFieldBinding; label?: string }) {
  return (
    <SelectField label={label} autoComplete="country" {...binding}>
      <option value="">Choose a country</option>
      {COUNTRY_LIST.map(([code, c]) => (
        <option key={code} value={code}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
