import type { Api } from './client';

/** Google Authenticator on the profile tab (spec part 1, 7: profile, security). */
export interface TwoFactorSetup {
  /** data:image/svg+xml;base64 QR code of the otpauth:// URI. */
  qrcode: string;
  guid: string;
  /** The same secret as text, for typing it into the app. */
  secret: string;
}

export const twoFactorStatus = (api: Api) => api.get<{ enabled: boolean }>('/account/2fa/');
export const startTwoFactor = (api: Api) => api.post<TwoFactorSetup>('/account/2fa/');
export const confirmTwoFactor = (api: Api, guid: string, code: string) => api.post<{ codes: string[] }>(`/account/2fa/${encodeURIComponent(guid)}/`, { code });
export const disableTwoFactor = (api: Api, password: string) => api.post<{ message: string }>('/account/2fa/disable/', { password });
/** How many unused backup codes remain (they are stored hashed, so never shown again). */
export const backupCodesLeft = (api: Api) => api.get<{ codes: number }>('/account/2fa/backup-codes/');
export const regenerateBackupCodes = (api: Api, password: string) => api.post<{ codes: string[] }>('/account/2fa/backup-codes/', { password });
