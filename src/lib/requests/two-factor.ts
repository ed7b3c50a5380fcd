import type { Api } from '../api/client';
import { call } from '../api/send';
import type { backupCodesLeftOp, confirmTwoFactorOp, disableTwoFactorOp, regenerateBackupCodesOp, startTwoFactorOp, twoFactorStatusOp } from '../api/two-factor';

/** Where each call of this area lives: written once here, spread into its definition in ../api/two-factor.ts. */
export const twoFactorRoutes = {
  twoFactorStatus: { id: 'account.two_factor.get', method: 'get', path: '/account/2fa/' },
  startTwoFactor: { id: 'account.two_factor.start', method: 'post', path: '/account/2fa/' },
  confirmTwoFactor: { id: 'account.two_factor.confirm', method: 'post', path: '/account/2fa/{guid}/' },
  disableTwoFactor: { id: 'account.two_factor.disable', method: 'post', path: '/account/2fa/disable/' },
  backupCodesLeft: { id: 'account.backup_codes.count', method: 'get', path: '/account/2fa/backup-codes/' },
  regenerateBackupCodes: { id: 'account.backup_codes.regenerate', method: 'post', path: '/account/2fa/backup-codes/' },
} as const;

export const twoFactorStatus = (api: Api) => call<typeof twoFactorStatusOp>(api, twoFactorRoutes.twoFactorStatus);
export const startTwoFactor = (api: Api) => call<typeof startTwoFactorOp>(api, twoFactorRoutes.startTwoFactor);
export const confirmTwoFactor = (api: Api, guid: string, code: string) =>
  call<typeof confirmTwoFactorOp>(api, twoFactorRoutes.confirmTwoFactor, { params: { guid }, body: { code } });
export const disableTwoFactor = (api: Api, password: string) => call<typeof disableTwoFactorOp>(api, twoFactorRoutes.disableTwoFactor, { body: { password } });
/** How many unused backup codes remain (they are stored hashed, so never shown again). */
export const backupCodesLeft = (api: Api) => call<typeof backupCodesLeftOp>(api, twoFactorRoutes.backupCodesLeft);
export const regenerateBackupCodes = (api: Api, password: string) => call<typeof regenerateBackupCodesOp>(api, twoFactorRoutes.regenerateBackupCodes, { body: { password } });
