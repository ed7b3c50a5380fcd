import { z } from 'zod';
import { twoFactorRoutes } from '../requests/two-factor';
import { defineOperation, guidParam, messageAnswer } from './define';
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

export const twoFactorStatusOp = defineOperation({ ...twoFactorRoutes.twoFactorStatus, ...own, summary: "Whether the user's 2FA is on", answer: twoFactorState });
export const startTwoFactorOp = defineOperation({ ...twoFactorRoutes.startTwoFactor, ...own, summary: 'Begin enabling 2FA: a QR code and its secret', answer: twoFactorSetup });
export const confirmTwoFactorOp = defineOperation({
  ...twoFactorRoutes.confirmTwoFactor,
  ...own,
  summary: 'Finish enabling 2FA with a code; answers the backup codes and ends the other sessions',
  params: z.object({ guid: guidParam }),
  body: enableTwoFactorSchema,
  answer: backupCodes,
  notFound: 'This 2FA set-up was not found. Please start again.',
});
export const disableTwoFactorOp = defineOperation({
  ...twoFactorRoutes.disableTwoFactor,
  ...own,
  summary: 'Turn 2FA off with the password; ends the other sessions',
  body: passwordConfirmSchema,
  answer: messageAnswer,
});
export const backupCodesLeftOp = defineOperation({ ...twoFactorRoutes.backupCodesLeft, ...own, summary: 'How many unused backup codes remain', answer: backupCodeCount });
export const regenerateBackupCodesOp = defineOperation({
  ...twoFactorRoutes.regenerateBackupCodes,
  ...own,
  summary: 'Replace the backup codes, with the password',
  body: passwordConfirmSchema,
  answer: backupCodes,
});
