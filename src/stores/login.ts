import { map } from 'nanostores';
import { login } from '../lib/requests/auth';
import type { SignedIn } from '../lib/api/auth-flows';
import { loginDevice, loginTwoFactor, resendVerification } from '../lib/requests/auth-flows';
import { ApiError, errorMessages } from '../lib/errors';
import { safeNextPath } from '../lib/rules/next-path';
import { TRACKING_KEYS, fieldErrors, loginSchema } from '../lib/schemas/auth';
import { deviceLoginSchema, twoFactorLoginSchema } from '../lib/schemas/auth-flows';
import { api } from './api';
import { $token } from './credentials';
import { deviceId } from './device';
import { goTo } from './navigation';
import { signIn } from './session';
import { clearToasts, toastError, toastSuccess } from './toasts';

/** The sign-in screen's steps (spec part 1, 4: login flow). */
export type LoginStep = 'credentials' | '2fa' | 'device';

export interface LoginFormState {
  step: LoginStep;
  submitting: boolean;
  /** Field name to the sentence shown under it. */
  fields: Record<string, string>;
  /** The session_id of a second step. */
  sessionId: string | null;
  /** The server said the email is not verified: the resend button shows. */
  emailNotVerified: boolean;
  /** The address the resend button sends to. */
  email: string;
  /** The server's sentence about the last attempt, shown in the form as well as in a toast. */
  message: string | null;
  /** Something was submitted: a notice the page opened with no longer applies. */
  attempted: boolean;
}

const initial: LoginFormState = { step: 'credentials', submitting: false, fields: {}, sessionId: null, emailNotVerified: false, email: '', message: null, attempted: false };
export const $loginForm = map<LoginFormState>({ ...initial });

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
  try {
    if (Object.keys(fromUrl).length) {
      sessionStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(fromUrl));
      return fromUrl;
    }
    const kept = JSON.parse(sessionStorage.getItem(TRACKING_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(TRACKING_KEYS.flatMap((k) => (typeof kept[k] === 'string' ? [[k, kept[k].slice(0, 200)]] : [])));
  } catch {
    // Storage can be switched off; the URL's own parameters still count.
    return fromUrl;
  }
}

/** Remembers the landing URL's tracking parameters as soon as a public page opens. */
export function keepTracking(): void {
  trackingFrom(location.search);
}

function finish(answer: SignedIn): void {
  signIn(answer.token, answer.user);
  clearToasts();
  goTo(safeNextPath(new URLSearchParams(location.search).get('next')), { replace: true });
}

function fail(error: unknown): void {
  const body = error instanceof ApiError ? error.body : null;
  // An ended challenge (expired, or too many wrong codes) sends the person back to the password.
  const restart = body?.code === 'challenge_expired' || body?.code === 'challenge_ended';
  $loginForm.set({
    ...$loginForm.get(),
    ...(restart ? { step: 'credentials', sessionId: null } : {}),
    submitting: false,
    fields: body?.fields ?? {},
    emailNotVerified: body?.email_not_verified === true,
    // Field errors stand next to their fields; any other sentence stands above the button.
    message: body?.fields && Object.keys(body.fields).length ? null : errorMessages(error).join(' ') || null,
  });
  toastError(error);
}

/** Checks the form with the shared schema and signs in, or moves to the second step the server asks for. */
export async function submitLogin(values: { email: string; password: string }): Promise<void> {
  const parsed = loginSchema.safeParse({ ...values, fingerprint: deviceId(), ...trackingFrom(location.search) });
  if (!parsed.success) {
    $loginForm.set({ ...initial, attempted: true, fields: fieldErrors(parsed.error) });
    return;
  }
  $loginForm.set({ ...initial, attempted: true, submitting: true, email: parsed.data.email });
  try {
    const answer = await login(api, parsed.data);
    if ('token' in answer) return finish(answer);
    $loginForm.set({ ...$loginForm.get(), step: answer.verification, sessionId: answer.session_id, submitting: false });
  } catch (error) {
    fail(error);
  }
}

/** The 2FA step: a code from the app or a backup code. */
export async function submitTwoFactor(code: string, codeType: 'CODE' | 'BACKUP_CODE'): Promise<void> {
  const parsed = twoFactorLoginSchema.safeParse({ session_id: $loginForm.get().sessionId, code, code_type: codeType });
  if (!parsed.success) return void $loginForm.set({ ...$loginForm.get(), fields: fieldErrors(parsed.error) });
  $loginForm.set({ ...$loginForm.get(), submitting: true, fields: {} });
  try {
    finish(await loginTwoFactor(api, parsed.data));
  } catch (error) {
    fail(error);
  }
}

/** The device step: the emailed code, and whether to trust this browser for 60 days. */
export async function submitDeviceCode(code: string, remember: boolean): Promise<void> {
  const parsed = deviceLoginSchema.safeParse({ session_id: $loginForm.get().sessionId, code, remember });
  if (!parsed.success) return void $loginForm.set({ ...$loginForm.get(), fields: fieldErrors(parsed.error) });
  $loginForm.set({ ...$loginForm.get(), submitting: true, fields: {} });
  try {
    finish(await loginDevice(api, parsed.data));
  } catch (error) {
    fail(error);
  }
}

/** Back to email and password from a second step. */
export function restartLogin(): void {
  $loginForm.set({ ...initial });
}

/** 'Request new verification email' (spec part 1, 2.3). */
export async function requestVerificationEmail(): Promise<void> {
  $loginForm.setKey('submitting', true);
  try {
    const { message } = await resendVerification(api, $loginForm.get().email);
    toastSuccess(message);
    $loginForm.set({ ...$loginForm.get(), submitting: false, emailNotVerified: false });
  } catch (error) {
    fail(error);
  }
}

/** A person already signed in has nothing to do on the sign-in, sign-up or recovery pages. */
export function leaveIfSignedIn(): void {
  keepTracking();
  if ($token.get()) goTo(safeNextPath(new URLSearchParams(location.search).get('next')), { replace: true });
}
