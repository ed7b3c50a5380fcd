import { map } from 'nanostores';
import { login } from '../lib/requests/auth';
import type { SignedIn } from '../lib/api/auth-flows';
import { loginDevice, loginTwoFactor, resendVerification } from '../lib/requests/auth-flows';
import { ApiError, errorMessages, hasErrorCode } from '../lib/errors';
import { safeNextPath } from '../lib/rules/next-path';
import { TRACKING_KEYS, loginSchema } from '../lib/schemas/auth';
import { deviceLoginSchema, emailSchema, twoFactorLoginSchema } from '../lib/schemas/auth-flows';
import { api } from './api';
import { $token } from './credentials';
import { deviceId } from './device';
import { environment } from './environment';
import { createForm, type FieldErrors } from './form';
import { goTo } from './navigation';
import { signIn } from './session';
import { clearToasts } from './toasts';

/** The sign-in screen's steps (spec part 1, 4: login flow). */
export type LoginStep = 'credentials' | '2fa' | 'device';

/** Where the sign-in got to; each step's form (fields, busy, sentences) is the form helper's. */
export interface LoginFlowState {
  step: LoginStep;
  /** The session_id of a second step. */
  sessionId: string | null;
  /** The server said the email is not verified: the resend button shows. */
  emailNotVerified: boolean;
  /** The address the login was tried with, which the resend button sends to. */
  email: string;
}

const initial: LoginFlowState = { step: 'credentials', sessionId: null, emailNotVerified: false, email: '' };
export const $loginFlow = map<LoginFlowState>({ ...initial });

const TRACKING_STORAGE_KEY = 'hostdeck:tracking';

/**
 * Tracking parameters of the landing URL (spec part 1, 3), sent with sign-in and sign-up.
 * They are kept for the browser tab, so landing on the login page and then choosing Create
 * Account still carries them.
 */
export function trackingFrom(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const fromUrl: Record<string, string> = {};
  for (const key of TRACKING_KEYS) {
    const value = params.get(key);
    if (value) fromUrl[key] = value.slice(0, 200);
  }
  const storage = environment().tabStorage();
  try {
    if (Object.keys(fromUrl).length) {
      storage?.setItem(TRACKING_STORAGE_KEY, JSON.stringify(fromUrl));
      return fromUrl;
    }
    const kept = JSON.parse(storage?.getItem(TRACKING_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(TRACKING_KEYS.flatMap((k) => (typeof kept[k] === 'string' ? [[k, kept[k].slice(0, 200)]] : [])));
  } catch {
    // A full storage or an entry that is not JSON: the URL's own parameters still count.
    return fromUrl;
  }
}

/** Remembers the landing URL's tracking parameters as soon as a public page opens. */
export function keepTracking(): void {
  trackingFrom(environment().location().search);
}

function finish(answer: SignedIn): void {
  signIn(answer.token, answer.user);
  clearToasts();
  goTo(safeNextPath(new URLSearchParams(environment().location().search).get('next')), { replace: true });
}

/** A refused step: an ended challenge (expired, or too many wrong codes) sends the person back to the password, saying why. */
function refused(_fields: FieldErrors, error: unknown): void {
  if (hasErrorCode(error, 'challenge_expired', 'challenge_ended')) {
    $loginFlow.set({ ...initial });
    // Said in the form as well as in the toast; the page's notice stays gone.
    credentialsForm.showErrors({}, errorMessages(error).join(' '));
  }
}

/** Email and password, checked with the shared schema; signs in, or moves to the second step the server asks for. */
export const credentialsForm = createForm({
  schema: loginSchema,
  input: (values: { email: string; password: string }) => ({ ...values, fingerprint: deviceId(), ...trackingFrom(environment().location().search) }),
  send(input) {
    $loginFlow.set({ ...initial, email: input.email });
    return login(api, input);
  },
  onSuccess(answer) {
    if ('token' in answer) return finish(answer);
    $loginFlow.set({ ...$loginFlow.get(), step: answer.verification, sessionId: answer.session_id });
  },
  onFailure(_fields, error) {
    $loginFlow.setKey('emailNotVerified', error instanceof ApiError && error.body.email_not_verified === true);
  },
});

/** The 2FA step: a code from the app or a backup code. */
export const twoFactorStepForm = createForm({
  schema: twoFactorLoginSchema,
  input: (values: { code: string; code_type: 'CODE' | 'BACKUP_CODE' }) => ({ ...values, session_id: $loginFlow.get().sessionId ?? '' }),
  send: (input) => loginTwoFactor(api, input),
  onSuccess: finish,
  onFailure: refused,
});

/** The device step: the emailed code, and whether to trust this browser for 60 days. */
export const deviceStepForm = createForm({
  schema: deviceLoginSchema,
  input: (values: { code: string; remember: boolean }) => ({ ...values, session_id: $loginFlow.get().sessionId ?? '' }),
  send: (input) => loginDevice(api, input),
  onSuccess: finish,
  onFailure: refused,
});

/** Back to email and password from a second step. */
export function restartLogin(): void {
  $loginFlow.set({ ...initial });
  for (const form of [credentialsForm, twoFactorStepForm, deviceStepForm]) form.reset();
}

/** 'Request new verification email' (spec part 1, 2.3), to the address the login was tried with. */
export const resendForm = createForm({
  schema: emailSchema,
  send: (input) => resendVerification(api, input.email),
  successToast: (answer) => answer.message,
  onSuccess: () => $loginFlow.setKey('emailNotVerified', false),
});

/** A person already signed in has nothing to do on the sign-in, sign-up or recovery pages. */
export function leaveIfSignedIn(): void {
  keepTracking();
  if ($token.get()) goTo(safeNextPath(new URLSearchParams(environment().location().search).get('next')), { replace: true });
}
