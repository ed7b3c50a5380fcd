import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { CountrySelectField } from '../../components/form/CountrySelectField';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { CURRENCIES, type CompanyCreateInput } from '../../lib/schemas/account';
import { companyForm } from '../../stores/account-lists';

const EMPTY: Required<CompanyCreateInput> = { name: '', address1: '', address2: '', city: '', region: '', postal_code: '', country: '', phone: '', currency: 'USD' };

/** Add Company (spec part 1, 2.6 and 5): every field but Address 2 is required; currency USD or EUR. */
export function AddCompanyDialog() {
  const { form, dialog } = useFormDialog(companyForm, { initial: EMPTY });

  const text = (key: Exclude<keyof typeof EMPTY, 'country' | 'currency'>, label: string, autoComplete: string) => (
    <TextField label={label} autoComplete={autoComplete} {...form.text(key)} />
  );

  return (
    <FormDialog title="Add Company" {...dialog} trigger="Add Company" triggerVariant="primary" submitLabel="Add Company">
      {text('name', 'Name', 'organization')}
      {text('address1', 'Address', 'address-line1')}
      {text('address2', 'Address 2', 'address-line2')}
      {text('city', 'City', 'address-level2')}
      {text('region', 'Region', 'address-level1')}
      {text('postal_code', 'Postal code', 'postal-code')}
      <CountrySelectField binding={form.text('country')} />
      {text('phone', 'Phone', 'tel')}
      <SelectField
        label="Currency"
        name="currency"
        value={form.values.currency}
        onValueChange={(v) => form.set('currency', v as (typeof CURRENCIES)[number])}
        error={form.errors.currency}
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
