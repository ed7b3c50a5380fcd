import { map } from 'nanostores';
import { checkVat, register, validateEmail } from '../lib/requests/auth-flows';
import { ApiError } from '../lib/errors';
import { fieldErrors } from '../lib/schemas/auth';
import { agreeTermsField, registerSchema, registerStep1Schema, registerStep2Schema, VAT_COMPANY_MISMATCH, VAT_INVALID, type RegisterInput } from '../lib/schemas/register';
import { passwordProblem } from '../lib/rules/password-policy';
import { api } from './api';
import { goTo } from './navigation';
import { trackingFrom } from './login';
import { toastError } from './toasts';

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
  values: RegisterValues;
  fields: Record<string, string>;
  busy: boolean;
}

const empty: RegisterValues = {
  first_name: '', last_name: '', email: '', password: '', company_name: '', vat_id: '', currency: 'USD',
  address1: '', address2: '', city: '', region: '', country: '', postal_code: '', found_us: '', found_us_specific: '', agree_terms: false,
};

export const $register = map<RegisterState>({ step: 1, values: { ...empty }, fields: {}, busy: false });

export function setRegisterValue<K extends keyof RegisterValues>(key: K, value: RegisterValues[K]): void {
  const s = $register.get();
  const { [key]: _cleared, ...fields } = s.fields;
  $register.set({ ...s, values: { ...s.values, [key]: value }, fields });
}

/** Text the page's fields hold (typed before the script ran, or at submit) becomes the form's values. */
export function adoptTypedValues(typed: Record<string, string>): void {
  const s = $register.get();
  const values: Record<string, unknown> = { ...s.values };
  for (const [key, value] of Object.entries(typed)) if (typeof values[key] === 'string') values[key] = value;
  $register.set({ ...s, values: values as unknown as RegisterValues });
}

const go = (step: RegisterStep, fields: Record<string, string> = {}) => $register.set({ ...$register.get(), step, fields, busy: false });

export function registerBack(): void {
  const step = $register.get().step;
  if (step > 1) go((step - 1) as RegisterStep);
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

function serverFailed(error: unknown): void {
  $register.set({ ...$register.get(), busy: false, fields: error instanceof ApiError ? (error.body.fields ?? {}) : {} });
  toastError(error);
}

/** Step 1 to 2: the shared schema, then the server's email check and, with a VAT ID, the VAT check (spec part 1, 4). */
export async function registerNextFromStep1(): Promise<void> {
  const v = $register.get().values;
  const parsed = registerStep1Schema.safeParse(payload(v));
  if (!parsed.success) return go(1, fieldErrors(parsed.error));
  // The server's own password rule, here rather than after four more steps.
  const weak = passwordProblem(parsed.data.password, parsed.data.email);
  if (weak) return go(1, { password: weak });
  $register.setKey('busy', true);
  try {
    await validateEmail(api, parsed.data.email);
    if (parsed.data.vat_id) {
      const vat = await checkVat(api, parsed.data.vat_id, parsed.data.company_name);
      if (!vat.is_valid) return go(1, { vat_id: VAT_INVALID });
      if (vat.invalid_company) return go(1, { company_name: VAT_COMPANY_MISMATCH });
    }
    go(2);
  } catch (error) {
    serverFailed(error);
  }
}

export function registerNextFromStep2(): void {
  const parsed = registerStep2Schema.safeParse(payload($register.get().values));
  if (!parsed.success) return go(2, fieldErrors(parsed.error));
  go(3);
}

/** Steps 3 and 4: agreeing to the Terms of Service, then the Privacy Policy. */
export const agreeToTerms = () => go(4);
export const agreeToPrivacy = () => go(5);

/** Step 5: Create Account (enabled only once the box is ticked). Success goes to the login notice. */
export async function submitRegistration(): Promise<void> {
  const v = $register.get().values;
  if (!agreeTermsField.safeParse(v.agree_terms).success) return go(5, { agree_terms: 'Please accept the Terms of Service and the Privacy Policy!' });
  const parsed = registerSchema.safeParse({ ...payload(v), ...trackingFrom(location.search) });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const step1 = Object.keys(fields).some((k) => k in registerStep1Schema.shape);
    return go(step1 ? 1 : 2, fields);
  }
  $register.setKey('busy', true);
  try {
    await register(api, parsed.data);
    goTo('/auth/login?registration=successful', { replace: true });
  } catch (error) {
    const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
    const step1 = Object.keys(fields).some((k) => k in registerStep1Schema.shape);
    serverFailed(error);
    if (Object.keys(fields).length) go(step1 ? 1 : 2, fields);
  }
}
