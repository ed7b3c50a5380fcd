import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  checkVatOp,
  loginDeviceOp,
  loginTwoFactorOp,
  recoverPasswordOp,
  registerOp,
  resendVerificationOp,
  resetPasswordOp,
  unsubscribeOp,
  validateEmailOp,
  validateResetHashOp,
  verifyContactOp,
  verifyEmailOp,
} from '../api/auth-flows';
import type { ContactVerificationInput, DeviceLoginInput, RecoverInput, ResetInput, TwoFactorLoginInput } from '../schemas/auth-flows';
import type { RegisterInput } from '../schemas/register';

/** Where each call of this area lives: written once here, spread into its definition in ../api/auth-flows.ts. */
export const authFlowsRoutes = {
  loginTwoFactor: { id: 'auth.login.two_factor', method: 'post', path: '/auth/login/2fa/' },
  loginDevice: { id: 'auth.login.device', method: 'post', path: '/auth/login/device/' },
  register: { id: 'auth.register.create', method: 'post', path: '/auth/register/' },
  validateEmail: { id: 'auth.register.validate_email', method: 'post', path: '/auth/register/validate-email/' },
  checkVat: { id: 'auth.vat.check', method: 'post', path: '/auth/vat/' },
  verifyEmail: { id: 'auth.verify.confirm', method: 'post', path: '/auth/verify/' },
  resendVerification: { id: 'auth.verify.resend', method: 'post', path: '/auth/verify/resend/' },
  recoverPassword: { id: 'auth.recover.request', method: 'post', path: '/auth/recover/' },
  validateResetHash: { id: 'auth.recover.validate', method: 'get', path: '/auth/recover/{hash}/validate/' },
  resetPassword: { id: 'auth.recover.reset', method: 'post', path: '/auth/recover/reset/' },
  verifyContact: { id: 'auth.contact.verify', method: 'post', path: '/account/companies/contacts/verification/' },
  unsubscribe: { id: 'shell.emails.unsubscribe', method: 'get', path: '/account/unsubscribe/' },
} as const;

export const loginTwoFactor = (api: Api, input: TwoFactorLoginInput) => call<typeof loginTwoFactorOp>(api, authFlowsRoutes.loginTwoFactor, { body: input });
export const loginDevice = (api: Api, input: DeviceLoginInput) => call<typeof loginDeviceOp>(api, authFlowsRoutes.loginDevice, { body: input });
export const resendVerification = (api: Api, email: string) => call<typeof resendVerificationOp>(api, authFlowsRoutes.resendVerification, { body: { email } });
export const verifyEmail = (api: Api, token: string) => call<typeof verifyEmailOp>(api, authFlowsRoutes.verifyEmail, { body: { token } });
export const validateEmail = (api: Api, email: string) => call<typeof validateEmailOp>(api, authFlowsRoutes.validateEmail, { body: { email } });
export const checkVat = (api: Api, vat_id: string, company_name: string) => call<typeof checkVatOp>(api, authFlowsRoutes.checkVat, { body: { vat_id, company_name } });
export const register = (api: Api, input: RegisterInput) => call<typeof registerOp>(api, authFlowsRoutes.register, { body: input });
export const recoverPassword = (api: Api, input: RecoverInput) => call<typeof recoverPasswordOp>(api, authFlowsRoutes.recoverPassword, { body: input });
export const validateResetHash = (api: Api, hash: string) => call<typeof validateResetHashOp>(api, authFlowsRoutes.validateResetHash, { params: { hash } });
export const resetPassword = (api: Api, input: ResetInput) => call<typeof resetPasswordOp>(api, authFlowsRoutes.resetPassword, { body: input });
export const verifyContact = (api: Api, input: ContactVerificationInput) => call<typeof verifyContactOp>(api, authFlowsRoutes.verifyContact, { body: input });
export const unsubscribe = (api: Api, eid: string) => call<typeof unsubscribeOp>(api, authFlowsRoutes.unsubscribe, { query: { eid } });
