import { z } from 'zod';
import { authFlowsRoutes } from '../requests/auth-flows';
import { defineOperation, messageAnswer } from './define';
import { signedIn } from './auth';
import {
  contactVerificationSchema,
  deviceLoginSchema,
  emailSchema,
  recoverSchema,
  resetSchema,
  twoFactorLoginSchema,
  unsubscribeQuerySchema,
  verifySchema,
} from '../schemas/auth-flows';
import { registerSchema, validateEmailSchema, vatCheckSchema } from '../schemas/register';

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
export const loginTwoFactorOp = defineOperation({
  ...authFlowsRoutes.loginTwoFactor,
  ...auth,
  summary: 'Finish a sign-in with a 2FA or backup code',
  body: twoFactorLoginSchema,
  answer: signedIn,
});
/** Spec part 1, 5 ('Device code'): the second step on a device not yet trusted, with the emailed code. */
export const loginDeviceOp = defineOperation({
  ...authFlowsRoutes.loginDevice,
  ...auth,
  summary: 'Finish a sign-in with the emailed device code',
  body: deviceLoginSchema,
  answer: signedIn,
});
/** Spec part 1, 3 and 5 (Register): the user, the company and the OWNER membership; the email must be verified before signing in. */
export const registerOp = defineOperation({ ...authFlowsRoutes.register, ...auth, summary: 'Create an account', body: registerSchema, answer: messageAnswer, status: 201 });
/** Spec part 1, 5 (register step 1): whether the address can open an account. */
export const validateEmailOp = defineOperation({
  ...authFlowsRoutes.validateEmail,
  ...auth,
  summary: 'Check that an email address can sign up',
  body: validateEmailSchema,
  answer: passed,
});
/** Spec part 1, 5 (register step 1): the VAT number and the company name it is registered under. */
export const checkVatOp = defineOperation({ ...authFlowsRoutes.checkVat, ...auth, summary: 'Check a VAT number and its company name', body: vatCheckSchema, answer: vatCheck });
/** Spec part 1, 7: the link of the verification email. */
export const verifyEmailOp = defineOperation({
  ...authFlowsRoutes.verifyEmail,
  ...auth,
  summary: 'Verify an email address with its emailed token',
  body: verifySchema,
  answer: messageAnswer,
});
/** Spec part 1, 5 (Login): the same answer for every address, so it tells nothing. */
export const resendVerificationOp = defineOperation({
  ...authFlowsRoutes.resendVerification,
  ...auth,
  summary: 'Send the verification email again',
  body: emailSchema,
  answer: messageAnswer,
});
/** Spec part 1, 5 (Forgot password): the same answer for every address. */
export const recoverPasswordOp = defineOperation({
  ...authFlowsRoutes.recoverPassword,
  ...auth,
  summary: 'Email a password reset link',
  body: recoverSchema,
  answer: messageAnswer,
});
/** Spec part 1, 5 (Reset password): checked before the form is shown; a dead link answers 400. */
export const validateResetHashOp = defineOperation({
  ...authFlowsRoutes.validateResetHash,
  ...auth,
  summary: 'Check a password reset link',
  params: z.object({ hash: z.string() }),
  answer: passed,
});
/** Spec part 1, 5 (Reset password): sets the password once and ends every session. */
export const resetPasswordOp = defineOperation({
  ...authFlowsRoutes.resetPassword,
  ...auth,
  summary: 'Set a new password with a reset link',
  body: resetSchema,
  answer: messageAnswer,
});
/** Spec part 1, 2.9: a company contact confirms its address with the emailed link and code. */
export const verifyContactOp = defineOperation({
  ...authFlowsRoutes.verifyContact,
  ...auth,
  summary: "Verify a company contact's email address",
  body: contactVerificationSchema,
  answer: messageAnswer,
});
/** Spec part 1, 2.9: the unsubscribe link of an email, by that email's id. */
export const unsubscribeOp = defineOperation({
  ...authFlowsRoutes.unsubscribe,
  ...auth,
  area: 'shell',
  summary: 'Unsubscribe from the kind of email an email was',
  query: unsubscribeQuerySchema,
  answer: messageAnswer,
});
