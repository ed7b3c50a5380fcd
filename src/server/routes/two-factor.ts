import { renderSVG } from 'uqr';
import { backupCodesLeftOp, confirmTwoFactorOp, disableTwoFactorOp, regenerateBackupCodesOp, startTwoFactorOp, twoFactorStatusOp } from '../../lib/api/two-factor';
import { implement } from '../http/operation';
import { totpUri } from '../auth/totp';
import { twoFactorSecretOf } from '../services/login-steps';
import { backupCodesLeft, confirmTwoFactor, disableTwoFactor, regenerateBackupCodes, startTwoFactor } from '../services/two-factor';

/**
 * /account/2fa: Google Authenticator on the profile tab (spec part 1, 2.6 and 4). The set-up
 * confirmation `{guid}` comes last: `disable` and `backup-codes` are matched before it.
 */
export const twoFactorOperations = [
  implement(twoFactorStatusOp, async (c) => ({ enabled: Boolean(await twoFactorSecretOf(c.var.deps.db, c.var.viewer.userGuid)) })),
  implement(startTwoFactorOp, async (c) => {
    const { guid, secret } = await startTwoFactor(c);
    const uri = totpUri(secret, c.var.viewer.email, 'Hostdeck');
    return { qrcode: `data:image/svg+xml;base64,${Buffer.from(renderSVG(uri)).toString('base64')}`, guid, secret };
  }),
  implement(disableTwoFactorOp, async (c, { body: { password } }) => {
    await disableTwoFactor(c, password);
    return { message: '2FA successfully disabled!' };
  }),
  implement(backupCodesLeftOp, async (c) => ({ codes: await backupCodesLeft(c.var.deps.db, c.var.viewer.userGuid) })),
  implement(regenerateBackupCodesOp, async (c, { body: { password } }) => ({ codes: await regenerateBackupCodes(c, password) })),
  implement(confirmTwoFactorOp, async (c, { params, body: { code } }) => ({ codes: await confirmTwoFactor(c, params.guid, code, confirmTwoFactorOp.notFound) })),
];
