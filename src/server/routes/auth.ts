import { loginOp, logoutOp } from '../../lib/api/auth';
import {
  checkVatOp,
  loginDeviceOp,
  loginTwoFactorOp,
  recoverPasswordOp,
  registerOp,
  resendVerificationOp,
  resetPasswordOp,
  validateEmailOp,
  validateResetHashOp,
  verifyEmailOp,
} from '../../lib/api/auth-flows';
import { implement } from '../http/operation';
import { revokeSession } from '../auth/sessions';
import { checkVat } from '../services/registration';
import { signIn, signInWithDeviceCode, signInWithTwoFactor } from '../services/sign-in';
import { emailAvailable, limitLookups, recoverPassword, register, requireLiveResetLink, resendVerification, resetPassword, verifyEmail } from '../services/sign-up';

const RECOVER_SENT = 'If your email exists in our database, you will get an email very soon with instructions to reset your password!';
const VERIFY_REQUESTED = 'Verification successfully requested! Please check your mailbox!';

/** Sign-in and its second steps, sign-out, sign-up, email verification and password recovery (spec part 1, 5 and 7). */
export const authOperations = [
  implement(loginOp, async (c, { body }) => signIn(c, body)),
  implement(loginTwoFactorOp, async (c, { body }) => signInWithTwoFactor(c, body)),
  implement(loginDeviceOp, async (c, { body }) => signInWithDeviceCode(c, body)),
  implement(logoutOp, async (c) => {
    // An API key is not a session: signing out with it leaves it working.
    if (c.var.viewer.sessionKind === 'SESSION') await revokeSession(c.var.deps.db, c.var.viewer.sessionGuid, c.var.deps.now());
    return { success: true as const };
  }),
  implement(validateEmailOp, async (c, { body: { email } }) => {
    await limitLookups(c);
    return emailAvailable(c.var.deps.db, email);
  }),
  implement(checkVatOp, async (c, { body }) => {
    await limitLookups(c);
    return checkVat(c.var.deps.db, body.vat_id, body.company_name);
  }),
  implement(registerOp, async (c, { body }) => {
    await register(c, body);
    return { message: 'Your account has been created! Please check your email to verify it.' };
  }),
  implement(verifyEmailOp, async (c, { body: { token } }) => {
    await verifyEmail(c, token);
    return { message: 'Email address successfully verified!' };
  }),
  implement(resendVerificationOp, async (c, { body: { email } }) => {
    await limitLookups(c);
    await resendVerification(c, email);
    return { message: VERIFY_REQUESTED };
  }),
  implement(recoverPasswordOp, async (c, { body: { email_address } }) => {
    await limitLookups(c);
    await recoverPassword(c, email_address);
    return { message: RECOVER_SENT };
  }),
  implement(validateResetHashOp, async (c, { params }) => {
    await requireLiveResetLink(c.var.deps.db, params.hash, c.var.deps.now());
    return { valid: true as const };
  }),
  implement(resetPasswordOp, async (c, { body }) => {
    await resetPassword(c, body);
    return { message: 'Password successfully reset!' };
  }),
];
