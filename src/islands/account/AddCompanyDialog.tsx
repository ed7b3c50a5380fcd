import { useMemo, useState, type FormEvent } from 'react';
import { countries } from 'countries-list';
import { Dialog, FormFooter } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { CURRENCIES, type CompanyCreateInput } from '../../lib/schemas/account';
import { addCompany } from '../../stores/account-lists';
import type { FormErrors } from '../../stores/account-profile';

const EMPTY: Required<CompanyCreateInput> = { name: '', address1: '', address2: '', city: '', region: '', postal_code: '', country: '', phone: '', currency: 'USD' };

/** Add Company (spec part 1, 2.6 and 5): every field but Address 2 is required; currency USD or EUR. */
export function AddCompanyDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const countryList = useMemo(() => Object.entries(countries).sort((a, b) => a[1].name.localeCompare(b[1].name)), []);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    const result = await addCompany(values);
    setBusy(false);
    if (result === null) setOpen(false);
    else setErrors(result);
  }

  const text = (key: Exclude<keyof typeof EMPTY, 'country' | 'currency'>, label: string, autoComplete: string) => (
    <TextField label={label} value={values[key]} onValueChange={(v) => setValues({ ...values, [key]: v })} error={errors[key]} autoComplete={autoComplete} />
  );

  return (
    <Dialog
      title="Add Company"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setValues(EMPTY);
          setErrors({});
        }
      }}
      trigger={
        <button type="button" className="button button-primary">
          Add Company
        </button>
      }
      footer={<FormFooter form="add-company-form" submitLabel="Add Company" busy={busy} onCancel={() => setOpen(false)} />}
    >
      <form id="add-company-form" className="form-grid" onSubmit={(e) => void submit(e)} noValidate>
        {text('name', 'Name', 'organization')}
        {text('address1', 'Address', 'address-line1')}
        {text('address2', 'Address 2', 'address-line2')}
        {text('city', 'City', 'address-level2')}
        {text('region', 'Region', 'address-level1')}
        {text('postal_code', 'Postal code', 'postal-code')}
        <div className="field">
          <label className="field-label" htmlFor="company-country">
            Country
          </label>
          <select
            id="company-country"
            className="input"
            value={values.country}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? 'company-country-error' : undefined}
            onChange={(e) => setValues({ ...values, country: e.target.value })}
          >
            <option value="">Choose a country</option>
            {countryList.map(([code, c]) => (
              <option key={code} value={code}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.country ? (
            <p id="company-country-error" className="field-error">
              {errors.country}
            </p>
          ) : null}
        </div>
        {text('phone', 'Phone', 'tel')}
        <div className="field">
          <label className="field-label" htmlFor="company-currency">
            Currency
          </label>
          <select id="company-currency" className="input" value={values.currency} onChange={(e) => setValues({ ...values, currency: e.target.value as 'USD' | 'EUR' })}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors.currency ? <p className="field-error">{errors.currency}</p> : null}
        </div>
      </form>
    </Dialog>
  );
}
