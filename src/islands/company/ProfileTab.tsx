import { useStore } from '@nanostores/react';
import { Field } from '@ark-ui/react/field';
import { Card } from '../../components/Card';
import { TextField } from '../../components/TextField';
import { CountrySelectField } from '../../components/form/CountrySelectField';
import { useForm } from '../../components/form/use-form';
import type { CompanyDetail } from '../../lib/api/account';
import { INVOICE_NOTES_MAX, type CompanyProfileInput } from '../../lib/schemas/company';
import { $companyPage, companyProfileForm, invoiceNotesForm } from '../../stores/company-page';

const profileOf = (c: CompanyDetail): Required<CompanyProfileInput> => ({
  name: c.name,
  address1: c.address1,
  address2: c.address2 ?? '',
  city: c.city,
  region: c.region,
  postal_code: c.postal_code,
  phone: c.phone,
  country: c.country,
});

/**
 * Company > Profile (spec part 3, 2.9): the company's name and address, its invoice notes and
 * its support pin; read-only without can_edit_company_profile.
 */
export function ProfileTab({ company: guid }: { company: string }) {
  const { company } = useStore($companyPage);
  if (!company || company.guid !== guid) return null;
  const editable = company.permissions.includes('can_edit_company_profile');
  return (
    <div className="company-profile">
      <ProfileCard key={company.guid} company={company} editable={editable} />
      <div className="company-profile-side">
        <InvoiceNotesCard key={company.guid} company={company} editable={editable} />
        <Card title="Support pin">
          <p className="company-support-pin">
            <span className="visually-hidden">Support pin: </span>
            <strong className="mono">{company.support_pin}</strong>
          </p>
          <p className="muted">Tell our support team this pin when you call, so they know it is you.</p>
        </Card>
      </div>
    </div>
  );
}

function ProfileCard({ company, editable }: { company: CompanyDetail; editable: boolean }) {
  const form = useForm(companyProfileForm, { initial: profileOf(company) });
  const text = (key: Exclude<keyof CompanyProfileInput, 'country'>, label: string, autoComplete: string) => (
    <TextField label={label} autoComplete={autoComplete} {...form.text(key)} />
  );
  return (
    <Card title="Company details">
      <form {...form.form} aria-label="Company details">
        <fieldset className="form-grid company-profile-fields" disabled={!editable}>
          <legend className="visually-hidden">Company details</legend>
          {text('name', 'Company name', 'organization')}
          {text('address1', 'Address', 'address-line1')}
          {text('address2', 'Address 2', 'address-line2')}
          {text('city', 'City', 'address-level2')}
          {text('region', 'Region', 'address-level1')}
          {text('postal_code', 'Postal code', 'postal-code')}
          {text('phone', 'Phone', 'tel')}
          <CountrySelectField binding={form.text('country')} />
        </fieldset>
        {editable ? (
          <button type="submit" className="button button-primary" disabled={form.busy} aria-busy={form.busy}>
            Save
          </button>
        ) : (
          <p className="muted">You can view the company's details; changing them needs the permission to edit the company profile.</p>
        )}
      </form>
    </Card>
  );
}

function InvoiceNotesCard({ company, editable }: { company: CompanyDetail; editable: boolean }) {
  const form = useForm(invoiceNotesForm, { initial: { invoice_notes: company.invoice_notes ?? '' } });
  const notes = form.values.invoice_notes ?? '';
  return (
    <Card title="Invoice notes">
      <form {...form.form} aria-label="Invoice notes">
        <Field.Root invalid={Boolean(form.errors.invoice_notes)} className="field" disabled={!editable}>
          <Field.Label className="field-label">Notes printed on new invoices</Field.Label>
          <Field.Textarea className="input" rows={4} name="invoice_notes" value={notes} onChange={(e) => form.set('invoice_notes', e.target.value)} />
          <Field.HelperText className="field-hint">
            {notes.length} of {INVOICE_NOTES_MAX} characters
          </Field.HelperText>
          <Field.ErrorText className="field-error">{form.errors.invoice_notes}</Field.ErrorText>
        </Field.Root>
        {editable ? (
          <button type="submit" className="button button-primary" disabled={form.busy} aria-busy={form.busy}>
            Save Notes
          </button>
        ) : null}
      </form>
    </Card>
  );
}
