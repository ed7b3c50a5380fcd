import { z } from 'zod';
import type { Api } from './client';
import { defineOperation, messageAnswer } from './define';
import { send } from './send';
import { signedIn } from './auth';
import { contactVerificationSchema, deviceLoginSchema, emailSchema, recoverSchema, resetSchema, twoFactorLoginSchema, unsubscribeQuerySchema, verifySchema, type ContactVerificationInput, type DeviceLoginInput, type RecoverInput, type ResetInput, type TwoFactorLoginInput } from '../schemas/auth-flows';
import { registerSchema, validateEmailSchema, vatCheckSchema, type RegisterInput } from '../schemas/register';

/** Sign-in steps, sign-up, verification and recovery, and the links people follow from emails (spec part 1, 5 and 7). */

export type { SignedIn } from './auth';
export type Message = z.infer<typeof messageAnswer>;

/** A check that passed; a failing one answers 400 with its sentence. */
export const passed = z.object({ valid: z.literal(true) }).meta({ id: 'Passed' });

/** The VAT check of register step 1: the number is registered, and under another name (spec part 1, 5). */
export const vatCheck = z.object({ is_valid: z.boolean(), invalid_company: z.boolean() }).meta({ id: 'VatCheck' });
export type VatAnswer = z.infer<typeof vatCheck>;

const auth = { area: 'auth', audience: 'public' } as const;

/** Spec part 1, 5 ('2FA code'): the second step of a 2FA account, with a TOTP or a backup code. */
export const loginTwoFactorOp = defineOperation({ ...auth, id: 'auth.login.two_factor', method: 'post', path: '/auth/login/2fa/', summary: 'Finish a sign-in with a 2FA or backup code', body: twoFactorLoginSchema, answer: signedIn });
/** Spec part 1, 5 ('Device code'): the second step on a device not yet trusted, with the emailed code. */
export const loginDeviceOp = defineOperation({ ...auth, id: 'auth.login.device', method: 'post', path: '/auth/login/device/', summary: 'Finish a sign-in with the emailed device code', body: deviceLoginSchema, answer: signedIn });
/** Spec part 1, 3 and 5 (Register): the user, the company and the OWNER membership; the email must be verified before signing in. */
export const registerOp = defineOperation({ ...auth, id: 'auth.register.create', method: 'post', path: '/auth/register/', summary: 'Create an account', body: registerSchema, answer: messageAnswer, status: 201 });
/** Spec part 1, 5 (register step 1): whether the address can open an account. */
export const validateEmailOp = defineOperation({ ...auth, id: 'auth.register.validate_email', method: 'post', path: '/auth/register/validate-email/', summary: 'Check that an email address can sign up', body: validateEmailSchema, answer: passed });
/** Spec part 1, 5 (register step 1): the VAT number and the company name it is registered under. */
export const checkVatOp = defineOperation({ ...auth, id: 'auth.vat.check', method: 'post', path: '/auth/vat/', summary: 'Check a VAT number and its company name', body: vatCheckSchema, answer: vatCheck });
/** Spec part 1, 7: the link of the verification email. */
export const verifyEmailOp = defineOperation({ ...auth, id: 'auth.verify.confirm', method: 'post', path: '/auth/verify/', summary: 'Verify an email address with its emailed token', body: verifySchema, answer: messageAnswer });
/** Spec part 1, 5 (Login): the same answer for every address, so it tells nothing. */
export const resendVerificationOp = defineOperation({ ...auth, id: 'auth.verify.resend', method: 'post', path: '/auth/verify/resend/', summary: 'Send the verification email again', body: emailSchema, answer: messageAnswer });
/** Spec part 1, 5 (Forgot password): the same answer for every address. */
export const recoverPasswordOp = defineOperation({ ...auth, id: 'auth.recover.request', method: 'post', path: '/auth/recover/', summary: 'Email a password reset link', body: recoverSchema, answer: messageAnswer });
/** Spec part 1, 5 (Reset password): checked before the form is shown; a dead link answers 400. */
export const validateResetHashOp = defineOperation({ ...auth, id: 'auth.recover.validate', method: 'get', path: '/auth/recover/{hash}/validate/', summary: 'Check a password reset link', params: z.object({ hash: z.string() }), answer: passed });
/** Spec part 1, 5 (Reset password): sets the password once and ends every session. */
export const resetPasswordOp = defineOperation({ ...auth, id: 'auth.recover.reset', method: 'post', path: '/auth/recover/reset/', summary: 'Set a new password with a reset link', body: resetSchema, answer: messageAnswer });
/** Spec part 1, 2.9: a company contact confirms its address with the emailed link and code. */
export const verifyContactOp = defineOperation({ ...auth, id: 'auth.contact.verify', method: 'post', path: '/account/companies/contacts/verification/', summary: "Verify a company contact's email address", body: contactVerificationSchema, answer: messageAnswer });
/** Spec part 1, 2.9: the unsubscribe link of an email, by that email's id. */
export const unsubscribeOp = defineOperation({ ...auth, area: 'shell', id: 'shell.emails.unsubscribe', method: 'get', path: '/account/unsubscribe/', summary: 'Unsubscribe from the kind of email an email was', query: unsubscribeQuerySchema, answer: messageAnswer });

export const loginTwoFactor = (api: Api, input: TwoFactorLoginInput) => send(api, loginTwoFactorOp, { body: input });
export const loginDevice = (api: Api, input: DeviceLoginInput) => send(api, loginDeviceOp, { body: input });
export const resendVerification = (api: Api, email: string) => send(api, resendVerificationOp, { body: { email } });
export const verifyEmail = (api: Api, token: string) => send(api, verifyEmailOp, { body: { token } });
export const validateEmail = (api: Api, email: string) => send(api, validateEmailOp, { body: { email } });
export const checkVat = (api: Api, vat_id: string, company_name: string) => send(api, checkVatOp, { body: { vat_id, company_name } });
export const register = (api: Api, input: RegisterInput) => send(api, registerOp, { body: input });
export const recoverPassword = (api: Api, input: RecoverInput) => send(api, recoverPasswordOp, { body: input });
export const validateResetHash = (api: Api, hash: string) => send(api, validateResetHashOp, { params: { hash } });
export const resetPassword = (api: Api, input: ResetInput) => send(api, resetPasswordOp, { body: input });
export const verifyContact = (api: Api, input: ContactVerificationInput) => send(api, verifyContactOp, { body: input });
export const unsubscribe = (api: Api, eid: string) => send(api, unsubscribeOp, { query: { eid } });
