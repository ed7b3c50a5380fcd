import { map } from 'nanostores';
import { recoverPassword, resetPassword, unsubscribe, validateResetHash, verifyContact, verifyEmail } from '../lib/requests/auth-flows';
import { contactVerificationSchema, recoverSchema, resetSchema, UNSUBSCRIBE_FAILED } from '../lib/schemas/auth-flows';
import { api } from './api';
import { environment } from './environment';
import { createForm } from './form';
import { goTo } from './navigation';
import { trackingFrom } from './login';
import { toastError, toastSuccess } from './toasts';

/** Where a page of the sign-in area got to (its form's own state is the form helper's). */
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

/** /auth/recover: always the same sentence, whether or not the address has an account; the page shows it. */
export const recoverForm = createForm({
  schema: recoverSchema,
  input: (values: { email_address: string }) => ({ ...values, ...trackingFrom(environment().location().search) }),
  send: (input) => recoverPassword(api, input),
  onSuccess: ({ message }) => $recover.set({ status: 'done', fields: {}, message }),
});

/** /auth/reset: the spinner while the link is checked. */
export async function checkResetLink(hash: string): Promise<void> {
  $reset.set({ ...idle, status: 'checking' });
  try {
    await validateResetHash(api, hash);
    $reset.set({ ...idle, status: 'ready' });
  } catch (error) {
    $reset.set({ ...idle, status: 'failed' });
    toastError(error);
  }
}

/** /auth/reset: the new password twice, for the link's hash; done, the login page says so. */
export const resetForm = createForm({
  schema: resetSchema,
  send: (input) => resetPassword(api, input),
  successToast: (answer) => answer.message,
  onSuccess: () => goTo('/auth/login', { replace: true }),
});

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

/** /auth/verify/contact: the code from the email, for the link's hash; done, the page shows the sentence. */
export const contactForm = createForm({
  schema: contactVerificationSchema,
  input: (values: { hash: string; verification_code: string }) => values,
  send: (input) => verifyContact(api, input),
  onSuccess: ({ message }) => $contact.set({ status: 'done', fields: {}, message }),
});

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
