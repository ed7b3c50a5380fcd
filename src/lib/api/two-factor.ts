import { z } from 'zod';
import type { Api } from './client';
import { defineOperation, guidParam, messageAnswer } from './define';
import { send } from './send';
import { enableTwoFactorSchema, passwordConfirmSchema } from '../schemas/auth-flows';

/** Google Authenticator on the profile tab (spec part 1, 2.6, 5 'Enable 2FA' and 7: profile, security). */

export const twoFactorState = z.object({ enabled: z.boolean() }).meta({ id: 'TwoFactorState' });

/** An enrolment begun: scan the QR code or type the secret, then confirm with a code. */
export const twoFactorSetup = z
  .object({
    /** data:image/svg+xml;base64 QR code of the otpauth:// URI. */
    qrcode: z.string(),
    guid: z.guid(),
    /** The same secret as text, for typing it into the app. */
    secret: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** New backup codes, shown this once: only their hashes are kept. */
export const backupCodes = z.object({ codes: z.array(z.string()) }).meta({ id: 'BackupCodes' });
/** How many unused backup codes remain. */
export const backupCodeCount = z.object({ codes: z.number().int() }).meta({ id: 'BackupCodeCount' });

/** The person's own sign-in security: not for customer accounts, never for an API key. */
const own = { area: 'account', customers: false, apiKeys: false } as const;

export const twoFactorStatusOp = defineOperation({ ...own, id: 'account.two_factor.get', method: 'get', path: '/account/2fa/', summary: "Whether the user's 2FA is on", answer: twoFactorState });
export const startTwoFactorOp = defineOperation({ ...own, id: 'account.two_factor.start', method: 'post', path: '/account/2fa/', summary: 'Begin enabling 2FA: a QR code and its secret', answer: twoFactorSetup });
export const confirmTwoFactorOp = defineOperation({
  ...own,
  id: 'account.two_factor.confirm',
  method: 'post',
  path: '/account/2fa/{guid}/',
  summary: 'Finish enabling 2FA with a code; answers the backup codes and ends the other sessions',
  params: z.object({ guid: guidParam }),
  body: enableTwoFactorSchema,
  answer: backupCodes,
  notFound: 'This 2FA set-up was not found. Please start again.',
});
export const disableTwoFactorOp = defineOperation({ ...own, id: 'account.two_factor.disable', method: 'post', path: '/account/2fa/disable/', summary: 'Turn 2FA off with the password; ends the other sessions', body: passwordConfirmSchema, answer: messageAnswer });
export const backupCodesLeftOp = defineOperation({ ...own, id: 'account.backup_codes.count', method: 'get', path: '/account/2fa/backup-codes/', summary: 'How many unused backup codes remain', answer: backupCodeCount });
export const regenerateBackupCodesOp = defineOperation({ ...own, id: 'account.backup_codes.regenerate', method: 'post', path: '/account/2fa/backup-codes/', summary: 'Replace the backup codes, with the password', body: passwordConfirmSchema, answer: backupCodes });

export const twoFactorStatus = (api: Api) => send(api, twoFactorStatusOp);
export const startTwoFactor = (api: Api) => send(api, startTwoFactorOp);
export const confirmTwoFactor = (api: Api, guid: string, code: string) => send(api, confirmTwoFactorOp, { params: { guid }, body: { code } });
export const disableTwoFactor = (api: Api, password: string) => send(api, disableTwoFactorOp, { body: { password } });
/** How many unused backup codes remain (they are stored hashed, so never shown again). */
export const backupCodesLeft = (api: Api) => send(api, backupCodesLeftOp);
export const regenerateBackupCodes = (api: Api, password: string) => send(api, regenerateBackupCodesOp, { body: { password } });
