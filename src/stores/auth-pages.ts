import { map } from 'nanostores';
import { recoverPassword, resetPassword, unsubscribe, validateResetHash, verifyContact, verifyEmail } from '../lib/requests/auth-flows';
import { ApiError } from '../lib/errors';
import type { z } from 'zod/mini';
import { fieldErrors } from '../lib/schemas/auth';
import { contactVerificationSchema, recoverSchema, resetSchema, UNSUBSCRIBE_FAILED } from '../lib/schemas/auth-flows';
import { api } from './api';
import { goTo } from './navigation';
import { trackingFrom } from './login';
import { toastError, toastSuccess } from './toasts';

/** One small form's state: sending, the field sentences, and where it got to. */
export interface PageForm {
  status: 'idle' | 'checking' | 'ready' | 'sending' | 'done' | 'failed';
  fields: Record<string, string>;
  message: string;
}
const idle: PageForm = { status: 'idle', fields: {}, message: '' };

export const $recover = map<PageForm>({ ...idle });
export const $reset = map<PageForm>({ ...idle });
export const $contact = map<PageForm>({ ...idle });
export const $unsubscribe = map<PageForm>({ ...idle, status: 'checking' });
export const $verify = map<PageForm>({ ...idle, status: 'checking' });

/** Parses with a shared schema, or shows its sentences under the fields and answers null. */
function check<S extends z.ZodMiniType>($form: typeof $recover, schema: S, values: unknown): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  $form.set({ ...$form.get(), fields: fieldErrors(parsed.error) });
  return null;
}

function failed($form: typeof $recover, error: unknown, status: PageForm['status'] = 'idle') {
  $form.set({ status, fields: error instanceof ApiError ? (error.body.fields ?? {}) : {}, message: '' });
  toastError(error);
}

/** /auth/recover: always the same sentence, whether or not the address has an account. */
export async function requestReset(email: string): Promise<void> {
  const input = check($recover, recoverSchema, { email_address: email, ...trackingFrom(location.search) });
  if (!input) return;
  $recover.set({ status: 'sending', fields: {}, message: '' });
  try {
    const { message } = await recoverPassword(api, input);
    $recover.set({ status: 'done', fields: {}, message });
  } catch (error) {
    failed($recover, error);
  }
}

/** /auth/reset: the spinner while the link is checked. */
export async function checkResetLink(hash: string): Promise<void> {
  $reset.set({ ...idle, status: 'checking' });
  try {
    await validateResetHash(api, hash);
    $reset.set({ ...idle, status: 'ready' });
  } catch (error) {
    failed($reset, error, 'failed');
  }
}

export async function submitReset(hash: string, password: string, password_repeat: string): Promise<void> {
  const input = check($reset, resetSchema, { hash, password, password_repeat });
  if (!input) return;
  $reset.set({ status: 'sending', fields: {}, message: '' });
  try {
    const { message } = await resetPassword(api, input);
    toastSuccess(message);
    goTo('/auth/login', { replace: true });
  } catch (error) {
    failed($reset, error, 'ready');
  }
}

/** /auth/verify: submits the token at once, then goes to login either way (spec part 1, 4). */
export async function submitVerification(hash: string): Promise<void> {
  try {
    const { message } = await verifyEmail(api, hash);
    $verify.set({ status: 'done', fields: {}, message });
    toastSuccess(message);
    goTo('/auth/login?account=created', { replace: true });
  } catch (error) {
    $verify.set({ status: 'failed', fields: {}, message: '' });
    toastError(error);
    goTo('/auth/login', { replace: true });
  }
}

/** /auth/verify/contact: the code from the email. */
export async function submitContactCode(hash: string, code: string): Promise<void> {
  const input = check($contact, contactVerificationSchema, { hash, verification_code: code });
  if (!input) return;
  $contact.set({ status: 'sending', fields: {}, message: '' });
  try {
    const { message } = await verifyContact(api, input);
    $contact.set({ status: 'done', fields: {}, message });
  } catch (error) {
    failed($contact, error);
  }
}

/** /unsubscribe: one call, then the success or the support sentence (spec part 1, 2.9). */
export async function runUnsubscribe(eid: string | null): Promise<void> {
  try {
    if (!eid) throw new Error('no eid');
    const { message } = await unsubscribe(api, eid);
    $unsubscribe.set({ status: 'done', fields: {}, message });
  } catch {
    $unsubscribe.set({ status: 'failed', fields: {}, message: UNSUBSCRIBE_FAILED });
  }
}
