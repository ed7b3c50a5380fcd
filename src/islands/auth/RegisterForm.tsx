import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { typedValues, useTypedBeforeHydration } from '../../components/form/typed-values';
import { Checkbox } from '../../components/Checkbox';
import { CountryCombobox } from '../../components/CountryCombobox';
import { LegalText } from '../../components/LegalText';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../lib/content/legal';
import { FOUND_US_CHOICES, FOUND_US_SPECIFIC } from '../../lib/schemas/register';
import { PASSWORD_RULE } from '../../lib/rules/password-policy';
import { leaveIfSignedIn } from '../../stores/login';
import {
  $register,
  adoptTypedValues,
  agreeToPrivacy,
  agreeToTerms,
  registerBack,
  registerNextFromStep1,
  registerNextFromStep2,
  setRegisterValue,
  submitRegistration,
} from '../../stores/register';
import '../../styles/auth.css';

const STEP_TITLES = ['Your account', 'Your address', 'Terms of Service', 'Privacy Policy', 'Create Account'];

/** /auth/register: the five steps of spec part 1, 2.3. */
export function RegisterForm() {
  const { step } = useStore($register);
  useEffect(() => leaveIfSignedIn(), []);
  return (
    <div>
      <p className="step-indicator" aria-live="polite">
        Step {step} of 5: {STEP_TITLES[step - 1]}
      </p>
      {step === 1 ? <AccountStep /> : step === 2 ? <AddressStep /> : step === 3 ? <TermsStep /> : step === 4 ? <PrivacyStep /> : <ConfirmStep />}
      <p className="auth-alt">
        Already have an account? <a href="/auth/login">Login</a>
      </p>
    </div>
  );
}

function BackButton() {
  return (
    <button type="button" className="button" onClick={registerBack}>
      Back
    </button>
  );
}

/** A step's form: what its fields show (typed before the script ran, or autofilled) is what it submits. */
function useStepForm(next: () => void) {
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (name, value) => adoptTypedValues({ [name]: value }));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    adoptTypedValues(typedValues(event.currentTarget));
    next();
  }
  return { ref: form, onSubmit: submit, noValidate: true };
}

function AccountStep() {
  const { values, fields, busy } = useStore($register);
  const [showPassword, setShowPassword] = useState(false);
  const form = useStepForm(() => void registerNextFromStep1());
  return (
    <form {...form}>
      <div className="field-row">
        <TextField label="First name" name="first_name" autoComplete="given-name" value={values.first_name} onValueChange={(v) => setRegisterValue('first_name', v)} error={fields.first_name} />
        <TextField label="Last name" name="last_name" autoComplete="family-name" value={values.last_name} onValueChange={(v) => setRegisterValue('last_name', v)} error={fields.last_name} />
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onValueChange={(v) => setRegisterValue('email', v)} error={fields.email} />
      <div>
        <TextField
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          value={values.password}
          onValueChange={(v) => setRegisterValue('password', v)}
          error={fields.password}
          hint={PASSWORD_RULE}
        />
        <button type="button" className="button button-small show-password" onClick={() => setShowPassword((s) => !s)}>
          {showPassword ? 'Hide password' : 'Show password'}
        </button>
      </div>
      <TextField label="Company name" name="company_name" autoComplete="organization" value={values.company_name} onValueChange={(v) => setRegisterValue('company_name', v)} error={fields.company_name} />
      <TextField label="VAT ID (optional)" name="vat_id" placeholder="EE123456789" value={values.vat_id} onValueChange={(v) => setRegisterValue('vat_id', v)} error={fields.vat_id} aria-describedby="vat-hint" />
      <p className="field-hint" id="vat-hint">
        For example EE123456789. The company name must match the VAT registry.
      </p>
      <fieldset className="choice-group">
        <legend className="field-label">Currency (cannot be changed later)</legend>
        {(['USD', 'EUR'] as const).map((c) => (
          <label key={c} className="choice">
            <input type="radio" name="currency" value={c} checked={values.currency === c} onChange={() => setRegisterValue('currency', c)} />
            {c}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? 'Checking...' : 'Next'}
      </button>
    </form>
  );
}

function AddressStep() {
  const { values, fields } = useStore($register);
  const form = useStepForm(registerNextFromStep2);
  return (
    <form {...form}>
      <TextField label="Address" name="address1" autoComplete="address-line1" value={values.address1} onValueChange={(v) => setRegisterValue('address1', v)} error={fields.address1} />
      <TextField label="Address 2 (optional)" name="address2" autoComplete="address-line2" value={values.address2} onValueChange={(v) => setRegisterValue('address2', v)} error={fields.address2} />
      <div className="field-row">
        <TextField label="City" name="city" autoComplete="address-level2" value={values.city} onValueChange={(v) => setRegisterValue('city', v)} error={fields.city} />
        <TextField label="Region" name="region" autoComplete="address-level1" value={values.region} onValueChange={(v) => setRegisterValue('region', v)} error={fields.region} />
      </div>
      <div className="field-row">
        <CountryCombobox label="Country" value={values.country} onValueChange={(v) => setRegisterValue('country', v)} error={fields.country} />
        <TextField label="Postal code" name="postal_code" autoComplete="postal-code" value={values.postal_code} onValueChange={(v) => setRegisterValue('postal_code', v)} error={fields.postal_code} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="found_us">
          How did you hear about us?
        </label>
        <select id="found_us" name="found_us" className="input" value={values.found_us} onChange={(e) => setRegisterValue('found_us', e.target.value)} aria-invalid={Boolean(fields.found_us)}>
          <option value="">Choose...</option>
          {FOUND_US_CHOICES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {fields.found_us ? <p className="field-error">{fields.found_us}</p> : null}
      </div>
      {FOUND_US_SPECIFIC.includes(values.found_us) ? (
        <TextField label="Please be more specific" name="found_us_specific" value={values.found_us_specific} onValueChange={(v) => setRegisterValue('found_us_specific', v)} error={fields.found_us_specific} />
      ) : null}
      <div className="auth-actions">
        <BackButton />
        <button type="submit" className="button button-primary">
          Next
        </button>
      </div>
    </form>
  );
}

function TermsStep() {
  return (
    <div>
      <LegalText sections={TERMS_OF_SERVICE} label="Terms of Service" />
      <div className="auth-actions">
        <BackButton />
        <button type="button" className="button button-primary" onClick={agreeToTerms}>
          I agree to the Terms of Service
        </button>
      </div>
    </div>
  );
}

function PrivacyStep() {
  return (
    <div>
      <LegalText sections={PRIVACY_POLICY} label="Privacy Policy" />
      <div className="auth-actions">
        <BackButton />
        <button type="button" className="button button-primary" onClick={agreeToPrivacy}>
          I agree to the Privacy Policy
        </button>
      </div>
    </div>
  );
}

function ConfirmStep() {
  const { values, fields, busy } = useStore($register);
  function submit(event: FormEvent) {
    event.preventDefault();
    void submitRegistration();
  }
  return (
    <form onSubmit={submit} noValidate>
      <Checkbox
        label={
          <>
            I accept the <a href="/terms" target="_blank" rel="noopener">Terms of Service</a> and the <a href="/privacy" target="_blank" rel="noopener">Privacy Policy</a>
          </>
        }
        checked={values.agree_terms}
        onCheckedChange={(v) => setRegisterValue('agree_terms', v)}
        name="agree_terms"
      />
      {fields.agree_terms ? <p className="field-error">{fields.agree_terms}</p> : null}
      <div className="auth-actions">
        <BackButton />
        <button type="submit" className="button button-primary" disabled={!values.agree_terms || busy}>
          {busy ? 'Creating...' : 'Create Account'}
        </button>
      </div>
    </form>
  );
}
