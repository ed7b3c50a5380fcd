import { map } from 'nanostores';
import { login } from '../lib/api/auth';
import { ApiError } from '../lib/errors';
import { safeNextPath } from '../lib/rules/next-path';
import { TRACKING_KEYS, fieldErrors, loginSchema } from '../lib/schemas/auth';
import { api } from './api';
import { $token } from './credentials';
import { deviceId } from './device';
import { goTo } from './navigation';
import { signIn } from './session';
import { clearToasts, toastError } from './toasts';

export interface LoginFormState {
  submitting: boolean;
  /** Field name to the sentence shown under it. */
  fields: Record<string, string>;
}

export const $loginForm = map<LoginFormState>({ submitting: false, fields: {} });

/** Sign-in steps that come with a later issue; until then the person is told plainly. */
const VERIFICATION_PENDING = 'This account needs a second sign-in step, which this panel cannot show yet. Please contact support.';

function trackingFrom(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const key of TRACKING_KEYS) {
    const value = params.get(key);
    if (value) out[key] = value.slice(0, 200);
  }
  return out;
}

/** Checks the form with the shared schema, signs in, then goes to `?next=` (same origin) or home. */
export async function submitLogin(values: { email: string; password: string }): Promise<void> {
  const parsed = loginSchema.safeParse({ ...values, fingerprint: deviceId(), ...trackingFrom(location.search) });
  if (!parsed.success) {
    $loginForm.set({ submitting: false, fields: fieldErrors(parsed.error) });
    return;
  }
  $loginForm.set({ submitting: true, fields: {} });
  try {
    const answer = await login(api, parsed.data);
    if (!('token' in answer)) {
      toastError(VERIFICATION_PENDING);
      $loginForm.setKey('submitting', false);
      return;
    }
    signIn(answer.token, answer.user);
    clearToasts();
    goTo(safeNextPath(new URLSearchParams(location.search).get('next')), { replace: true });
  } catch (error) {
    const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
    $loginForm.set({ submitting: false, fields });
    toastError(error);
  }
}

/** A person already signed in has nothing to do on the sign-in page. */
export function leaveIfSignedIn(): void {
  if ($token.get()) goTo(safeNextPath(new URLSearchParams(location.search).get('next')), { replace: true });
}
