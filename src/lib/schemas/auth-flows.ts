import { z } from 'zod/mini';
import { trackingSchema } from './auth';
import { LIMITS, required } from './text';
import { secret } from './password';

/** Codes are typed or pasted with spaces ("123 456"); they never contain any. */
const withoutSpaces = z.transform((v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v));

export const CODE_LENGTH = 6;
export const BACKUP_CODE_LENGTH = 10;

/** A code as a field keeps it while it is typed or pasted: without spaces, at most the code's length. */
export const typedCode = (value: string, max: number) => value.replace(/\s+/g, '').slice(0, max);

/** The label of the sign-in code field for each kind of code (spec part 1, 5: '2FA code'). */
export const CODE_LABELS = { CODE: `Authentication code (${CODE_LENGTH} digits)`, BACKUP_CODE: `Backup code (${BACKUP_CODE_LENGTH} characters)` } as const;
const SIX_DIGITS = 'Please enter the 6 digit code!';

/** POST /auth/login/2fa/ (spec part 1, 5: '2FA code'). */
export const twoFactorLoginSchema = z
  .object({
    session_id: required('Your sign-in has expired. Please sign in again.', LIMITS.token),
    code: z.pipe(withoutSpaces, required(SIX_DIGITS, LIMITS.code)),
    code_type: z._default(z.enum(['CODE', 'BACKUP_CODE'], { error: 'Please choose Code or Backup code!' }), 'CODE'),
  })
  .check(
    z.superRefine((v, check) => {
      const max = v.code_type === 'CODE' ? CODE_LENGTH : BACKUP_CODE_LENGTH;
      if (v.code.length > max) {
        check.addIssue({ code: 'custom', path: ['code'], message: v.code_type === 'CODE' ? SIX_DIGITS : 'Please enter the 10 character backup code!' });
      }
    }),
  );
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

/** POST /auth/login/device/ (spec part 1, 5: 'Device code'). */
export const deviceLoginSchema = z.object({
  session_id: required('Your sign-in has expired. Please sign in again.', LIMITS.token),
  code: z.pipe(withoutSpaces, required(SIX_DIGITS, LIMITS.code).check(z.regex(/^\d{6}$/, SIX_DIGITS))),
  remember: z._default(z.boolean(), false),
});
export type DeviceLoginInput = z.input<typeof deviceLoginSchema>;

export const emailSchema = z.object({ email: required('Please enter your email address!', LIMITS.email) });

/** POST /auth/recover/. */
export const recoverSchema = z.object({ email_address: required('Please enter your email address!', LIMITS.email), ...trackingSchema.shape });
export type RecoverInput = z.input<typeof recoverSchema>;

/** POST /auth/recover/reset/ (spec part 1, 5: 'Reset password'). */
export const resetSchema = z
  .object({
    hash: required('This password reset link is not valid. Please request a new one.', LIMITS.token),
    password: secret('Please enter your password!'),
    password_repeat: secret('Please repeat your password!'),
  })
  .check(z.refine((v) => v.password === v.password_repeat, { path: ['password_repeat'], message: 'Your passwords do not match!' }));
export type ResetInput = z.input<typeof resetSchema>;

/** POST /auth/verify/. */
export const verifySchema = z.object({ token: required('This verification link is not valid. Please request a new one.', LIMITS.token) });

/** POST /account/companies/contacts/verification/. */
export const contactVerificationSchema = z.object({
  hash: required('This verification link is not valid.', LIMITS.token),
  verification_code: z.pipe(withoutSpaces, required('Please enter the verification code from the email!', LIMITS.code)),
});
export type ContactVerificationInput = z.input<typeof contactVerificationSchema>;

/** POST /account/2fa/{guid}/ (spec part 1, 5: 'Enable 2FA'). */
export const enableTwoFactorSchema = z.object({
  code: z.pipe(withoutSpaces, required('Please enter the code from Google Authenticator app!', LIMITS.code)),
});

/** POST /account/2fa/disable/ and POST /account/2fa/backup-codes/. */
export const passwordConfirmSchema = z.object({ password: secret('Please enter your password!') });

export const UNSUBSCRIBE_FAILED = 'Something went wrong, please contact our support.';
export const unsubscribeQuerySchema = z.object({ eid: required(UNSUBSCRIBE_FAILED, LIMITS.token) });
