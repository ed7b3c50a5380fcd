import { map } from 'nanostores';
import { checkVat, register, validateEmail } from '../lib/requests/auth-flows';
import { ValidationError } from '../lib/errors';
import { registerSchema, registerStep1Schema, registerStep2Schema, VAT_COMPANY_MISMATCH, VAT_INVALID, type RegisterInput } from '../lib/schemas/register';
import { passwordProblem } from '../lib/rules/password-policy';
import { api } from './api';
import { environment } from './environment';
import { createForm, type FieldErrors } from './form';
import { goTo } from './navigation';
import { trackingFrom } from './login';

export type RegisterStep = 1 | 2 | 3 | 4 | 5;

/** What the person typed, as strings (the schemas trim and check them). */
export interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  company_name: string;
  vat_id: string;
  currency: 'USD' | 'EUR';
  address1: string;
  address2: string;
  city: string;
  region: string;
  country: string;
  postal_code: string;
  found_us: string;
  found_us_specific: string;
  agree_terms: boolean;
}

export interface RegisterState {
  step: RegisterStep;
  /** The values of every step: going back and forth keeps them. Each step's form holds its own sentences and busy state. */
  values: RegisterValues;
}

const empty: RegisterValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  company_name: '',
  vat_id: '',
  currency: 'USD',
  address1: '',
  address2: '',
  city: '',
  region: '',
  country: '',
  postal_code: '',
  found_us: '',
  found_us_specific: '',
  agree_terms: false,
};

export const $register = map<RegisterState>({ step: 1, values: { ...empty } });

export function setRegisterValues(values: RegisterValues): void {
  $register.setKey('values', values);
}

/** The optional text fields are sent only when filled. */
function payload(v: RegisterValues): RegisterInput {
  return {
    ...v,
    vat_id: v.vat_id.trim() || undefined,
    address2: v.address2.trim() || undefined,
    found_us: v.found_us as RegisterInput['found_us'],
    found_us_specific: v.found_us_specific.trim() || undefined,
    agree_terms: v.agree_terms as true,
  };
}

/** Step 1 to 2: the shared schema, the server's password rule, then the server's email check and, with a VAT ID, the VAT check (spec part 1, 4). */
export const accountStepForm = createForm({
  schema: registerStep1Schema,
  input: (values: RegisterValues) => payload(values),
  async send(input) {
    // The server's own password rule, here rather than after four more steps.
    const weak = passwordProblem(input.password, input.email);
    if (weak) throw new ValidationError({ password: weak });
    await validateEmail(api, input.email);
    if (input.vat_id) {
      const vat = await checkVat(api, input.vat_id, input.company_name);
      if (!vat.is_valid) throw new ValidationError({ vat_id: VAT_INVALID });
      if (vat.invalid_company) throw new ValidationError({ company_name: VAT_COMPANY_MISMATCH });
    }
  },
  onSuccess: () => go(2),
});

/** Step 2 to 3: the address, checked in the panel only. */
export const addressStepForm = createForm({
  schema: registerStep2Schema,
  input: (values: RegisterValues) => payload(values),
  send: () => undefined,
  onSuccess: () => go(3),
});

/** Step 5: Create Account (enabled only once the box is ticked). Success goes to the login notice. */
export const createAccountForm = createForm({
  schema: registerSchema,
  input: (values: RegisterValues) => ({ ...payload(values), ...trackingFrom(environment().location().search) }),
  send: (input) => register(api, input),
  onSuccess: () => goTo('/auth/login?registration=successful', { replace: true }),
  // A sentence about a field of an earlier step is shown on that step.
  onFailure(fields) {
    const names = Object.keys(fields);
    if (names.some((k) => k in registerStep1Schema.shape)) go(1, fields);
    else if (names.some((k) => k in registerStep2Schema.shape)) go(2, fields);
  },
});

const stepForms = { 1: accountStepForm, 2: addressStepForm, 5: createAccountForm } as const;

/** Shows a step; the sentences of the step left behind go, those given stand on the step shown. */
function go(step: RegisterStep, fields: FieldErrors = {}): void {
  for (const form of Object.values(stepForms)) form.reset();
  $register.setKey('step', step);
  if (step === 1 || step === 2 || step === 5) stepForms[step].showErrors(fields);
}

export function registerBack(): void {
  const step = $register.get().step;
  if (step > 1) go((step - 1) as RegisterStep);
}

/** Steps 3 and 4: agreeing to the Terms of Service, then the Privacy Policy. */
export const agreeToTerms = () => go(4);
export const agreeToPrivacy = () => go(5);
