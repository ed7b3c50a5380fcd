import type { Api } from './client';
import type { LoginResult, SessionUser } from './auth';
import type { ContactVerificationInput, DeviceLoginInput, RecoverInput, ResetInput, TwoFactorLoginInput } from '../schemas/auth-flows';
import type { RegisterInput } from '../schemas/register';

/** Sign-in steps, sign-up, verification and recovery (spec part 1, 7: authentication and session). */
export interface Message {
  message: string;
}
export interface VatAnswer {
  is_valid: boolean;
  invalid_company: boolean;
}
export type SignedIn = Extract<LoginResult, { token: string }> & { user: SessionUser };

export const loginTwoFactor = (api: Api, input: TwoFactorLoginInput) => api.post<SignedIn>('/auth/login/2fa/', input);
export const loginDevice = (api: Api, input: DeviceLoginInput) => api.post<SignedIn>('/auth/login/device/', input);
export const resendVerification = (api: Api, email: string) => api.post<Message>('/auth/verify/resend/', { email });
export const verifyEmail = (api: Api, token: string) => api.post<Message>('/auth/verify/', { token });
export const validateEmail = (api: Api, email: string) => api.post<{ valid: true }>('/auth/register/validate-email/', { email });
export const checkVat = (api: Api, vat_id: string, company_name: string) => api.post<VatAnswer>('/auth/vat/', { vat_id, company_name });
export const register = (api: Api, input: RegisterInput) => api.post<Message>('/auth/register/', input);
export const recoverPassword = (api: Api, input: RecoverInput) => api.post<Message>('/auth/recover/', input);
export const validateResetHash = (api: Api, hash: string) => api.get<{ valid: true }>(`/auth/recover/${encodeURIComponent(hash)}/validate/`);
export const resetPassword = (api: Api, input: ResetInput) => api.post<Message>('/auth/recover/reset/', input);
export const verifyContact = (api: Api, input: ContactVerificationInput) => api.post<Message>('/account/companies/contacts/verification/', input);
export const unsubscribe = (api: Api, eid: string) => api.get<Message>('/account/unsubscribe/', { eid });
