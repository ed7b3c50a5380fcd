import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { TextField } from '../../components/TextField';
import { CountrySelectField } from '../../components/form/CountrySelectField';
import { SelectField } from '../../components/form/SelectField';
import { useForm } from '../../components/form/use-form';
import { ACCOUNT_TYPES, APPLICATION_SUBMITTED, type AffiliateAccountType } from '../../lib/schemas/affiliate';
import { $affiliate, $applicationSent, applicationForm, loadAffiliate, type ApplicationValues } from '../../stores/affiliate';
import { ApplicationStatus } from './AffiliatePage';
import { humanise } from '../../lib/format/words';
import '../../styles/affiliate.css';

const EMPTY: ApplicationValues = {
  account_type: 'COMPANY',
  first_name: '',
  last_name: '',
  company_name: '',
  address1: '',
  address2: '',
  city: '',
  region: '',
  postal_code: '',
  country: '',
  phone: '',
  promotion_platforms: '',
  promotion_methods: '',
  agreement: false,
};

/**
 * The affiliate application (/affiliate/create, spec part 3, 2.10 and 5): every field but address
 * 2 required; PERSONAL takes first plus last name as the company name; submit stays disabled
 * until the agreement is ticked. Someone who has applied sees the application's status.
 */
export function AffiliateApplication() {
  const sent = useStore($applicationSent);
  const { status, loading } = useStore($affiliate);
  const form = useForm(applicationForm, { initial: EMPTY });
  useEffect(() => {
    // The exists check: a person who has applied is not offered the form again (404 keeps it).
    if (!sent) void loadAffiliate();
  }, [sent]);
  if (sent) {
    return (
      <div className="alert alert-success affiliate-submitted" role="status">
        {APPLICATION_SUBMITTED}
      </div>
    );
  }
  if (status) {
    return status.status === 'ACTIVE' ? (
      <p>
        Your affiliate account is active. <a href="/affiliate">Open the affiliate area</a>
      </p>
    ) : (
      <ApplicationStatus status={status.status} created={status.date_created} />
    );
  }
  if (loading) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const personal = form.values.account_type === 'PERSONAL';
  return (
    <form {...form.form} className="affiliate-form affiliate-application" aria-label="Affiliate application">
      <p className="form-wide">Apply to the affiliate programme: earn a share of every payment of the customers you refer.</p>
      <SelectField
        label="Account type"
        value={form.values.account_type}
        onValueChange={(v) => form.set('account_type', v as AffiliateAccountType)}
        error={form.errors.account_type}
      >
        {ACCOUNT_TYPES.map((t) => (
          <option key={t} value={t}>
            {humanise(t)}
          </option>
        ))}
      </SelectField>
      {personal ? null : <TextField label="Company name" autoComplete="organization" {...form.text('company_name')} />}
      <TextField label="First name" autoComplete="given-name" {...form.text('first_name')} />
      <TextField label="Last name" autoComplete="family-name" {...form.text('last_name')} />
      <TextField label="Address" autoComplete="address-line1" {...form.text('address1')} />
      <TextField label="Address 2 (optional)" autoComplete="address-line2" {...form.text('address2')} />
      <TextField label="City" autoComplete="address-level2" {...form.text('city')} />
      <TextField label="Region" autoComplete="address-level1" {...form.text('region')} />
      <TextField label="Postal code" autoComplete="postal-code" {...form.text('postal_code')} />
      <CountrySelectField binding={form.text('country')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...form.text('phone')} />
      <div className="form-wide">
        <TextField label="Promotion platforms" hint="Where you will promote us: sites, channels, newsletters." {...form.text('promotion_platforms')} />
      </div>
      <div className="form-wide">
        <TextField label="Promotion methods" hint="How you will promote us: reviews, tutorials, ads." {...form.text('promotion_methods')} />
      </div>
      <div className="form-wide">
        <Checkbox
          label="I have read and agree to the affiliate programme agreement."
          name="agreement"
          checked={form.values.agreement}
          onCheckedChange={(on) => form.set('agreement', on)}
        />
        {form.errors.agreement ? <p className="field-error">{form.errors.agreement}</p> : null}
      </div>
      <div className="form-wide form-actions">
        <button type="submit" className="button button-primary" disabled={form.busy || !form.values.agreement}>
          {form.busy ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
