import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { SelectField } from '../../components/form/SelectField';
import { useForm } from '../../components/form/use-form';
import { Checkbox } from '../../components/Checkbox';
import { CountryCombobox } from '../../components/CountryCombobox';
import { LegalText } from '../../components/LegalText';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../lib/content/legal';
import { FOUND_US_CHOICES, FOUND_US_SPECIFIC } from '../../lib/schemas/register';
import { PASSWORD_RULE } from '../../lib/rules/password-policy';
import { leaveIfSignedIn } from '../../stores/login';
import type { FormController } from '../../stores/form';
import {
  $register,
  accountStepForm,
  addressStepForm,
  agreeToPrivacy,
  agreeToTerms,
  createAccountForm,
  registerBack,
  setRegisterValues,
  type RegisterValues,
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

/** A step's form over the values all steps share: what its fields show (typed before the script ran, or autofilled) is what it submits. */
function useStepForm<A>(controller: FormController<RegisterValues, A>) {
  const { values } = useStore($register);
  return useForm(controller, { initial: values, state: [values, setRegisterValues] });
}

function AccountStep() {
  const form = useStepForm(accountStepForm);
  const [showPassword, setShowPassword] = useState(false);
  return (
    <form {...form.form}>
      <div className="field-row">
        <TextField label="First name" autoComplete="given-name" {...form.text('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...form.text('last_name')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...form.text('email')} />
      <div>
        <TextField label="Password" type={showPassword ? 'text' : 'password'} autoComplete="new-password" {...form.text('password')} hint={PASSWORD_RULE} />
        <button type="button" className="button button-small show-password" onClick={() => setShowPassword((s) => !s)}>
          {showPassword ? 'Hide password' : 'Show password'}
        </button>
      </div>
      <TextField label="Company name" autoComplete="organization" {...form.text('company_name')} />
      <TextField label="VAT ID (optional)" placeholder="EE123456789" {...form.text('vat_id')} aria-describedby="vat-hint" />
      <p className="field-hint" id="vat-hint">
        For example EE123456789. The company name must match the VAT registry.
      </p>
      <fieldset className="choice-group">
        <legend className="field-label">Currency (cannot be changed later)</legend>
        {(['USD', 'EUR'] as const).map((c) => (
          <label key={c} className="choice">
            <input type="radio" name="currency" value={c} checked={form.values.currency === c} onChange={() => form.set('currency', c)} />
            {c}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary button-block" disabled={form.busy}>
        {form.busy ? 'Checking...' : 'Next'}
      </button>
    </form>
  );
}

function AddressStep() {
  const form = useStepForm(addressStepForm);
  const { values, errors } = form;
  return (
    <form {...form.form}>
      <TextField label="Address" autoComplete="address-line1" {...form.text('address1')} />
      <TextField label="Address 2 (optional)" autoComplete="address-line2" {...form.text('address2')} />
      <div className="field-row">
        <TextField label="City" autoComplete="address-level2" {...form.text('city')} />
        <TextField label="Region" autoComplete="address-level1" {...form.text('region')} />
      </div>
      <div className="field-row">
        <CountryCombobox label="Country" value={values.country} onValueChange={(v) => form.set('country', v)} error={errors.country} />
        <TextField label="Postal code" autoComplete="postal-code" {...form.text('postal_code')} />
      </div>
      <SelectField label="How did you hear about us?" {...form.text('found_us')}>
        <option value="">Choose...</option>
        {FOUND_US_CHOICES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      {FOUND_US_SPECIFIC.includes(values.found_us) ? <TextField label="Please be more specific" {...form.text('found_us_specific')} /> : null}
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
  const form = useStepForm(createAccountForm);
  return (
    <form {...form.form}>
      <Checkbox
        label={
          <>
            I accept the{' '}
            <a href="/terms" target="_blank" rel="noopener">
              Terms of Service
            </a>{' '}
            and the{' '}
            <a href="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </a>
          </>
        }
        checked={form.values.agree_terms}
        onCheckedChange={(v) => form.set('agree_terms', v)}
        name="agree_terms"
      />
      {form.errors.agree_terms ? <p className="field-error">{form.errors.agree_terms}</p> : null}
      <div className="auth-actions">
        <BackButton />
        <button type="submit" className="button button-primary" disabled={!form.values.agree_terms || form.busy}>
          {form.busy ? 'Creating...' : 'Create Account'}
        </button>
      </div>
    </form>
  );
}
