import { and, eq, isNull } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { backupCodesLeftOp, confirmTwoFactorOp, disableTwoFactorOp, regenerateBackupCodesOp, startTwoFactorOp, twoFactorStatusOp } from '../../lib/api/two-factor';
import type { AppEnv } from '../context';
import { sessionTokens, twoFactorSecrets, users } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { newTotpSecret, totpUri } from '../auth/totp';
import { recordActivity } from '../services/activity';
import { mailSecurityNotice } from '../services/auth-mail';
import { remainingBackupCodes, replaceBackupCodes, useTotp } from '../services/two-factor';
import { twoFactorSecretOf } from '../services/login-steps';

const WRONG_PASSWORD = 'The password is not correct.';
/** How long the session that enabled 2FA may still show the backup codes. */
const ENABLE_GRACE_MS = 15 * 60_000;

/** The viewer's own password, asked again before a security change. */
async function checkPassword(c: { var: AppEnv['Variables'] }, password: string) {
  const [user] = await c.var.deps.db.select().from(users).where(eq(users.guid, c.var.viewer.userGuid));
  if (!user || !(await verifyPassword(password, user.passwordHash))) throw badRequest({ password: WRONG_PASSWORD }, 'wrong_password');
  return user;
}

/**
 * /account/2fa: Google Authenticator on the profile tab (spec part 1, 2.6 and 4). The set-up
 * confirmation `{guid}` comes last: `disable` and `backup-codes` are matched before it.
 */
export const twoFactorOperations = [
  implement(twoFactorStatusOp, async (c) => ({ enabled: Boolean(await twoFactorSecretOf(c.var.deps.db, c.var.viewer.userGuid)) })),
  implement(startTwoFactorOp, async (c) => {
    const { db, now } = c.var.deps;
    const viewer = c.var.viewer;
    if (await twoFactorSecretOf(db, viewer.userGuid)) throw problem(400, '2FA is already enabled.', { code: '2fa_enabled' });
    const secret = newTotpSecret();
    const row = await db.transaction(async (tx) => {
      // An unfinished enrolment is replaced by the new one.
      await tx.delete(twoFactorSecrets).where(and(eq(twoFactorSecrets.userGuid, viewer.userGuid), isNull(twoFactorSecrets.confirmedAt)));
      const [created] = await tx.insert(twoFactorSecrets).values({ userGuid: viewer.userGuid, secret, dateCreated: now() }).returning();
      await recordActivity(c, { verb: 'started enabling 2FA for', object: `${viewer.firstName} ${viewer.lastName}`, objectType: 'user', objectGuid: viewer.userGuid, companyGuid: null }, tx);
      return created!;
    });
    const uri = totpUri(secret, viewer.email, 'Hostdeck');
    const qrcode = `data:image/svg+xml;base64,${Buffer.from(renderSVG(uri)).toString('base64')}`;
    return { qrcode, guid: row.guid, secret };
  }),
  implement(disableTwoFactorOp, async (c, { body: { password } }) => {
    const deps = c.var.deps;
    const user = await checkPassword(c, password);
    if (!(await twoFactorSecretOf(deps.db, user.guid))) throw problem(400, '2FA is not enabled.', { code: '2fa_disabled' });
    await deps.db.transaction(async (tx) => {
      await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userGuid, user.guid));
      await replaceBackupCodes(tx, user.guid, deps.now()).then(() => undefined);
      await revokeUserSessions(tx, user.guid, deps.now(), c.var.viewer.sessionGuid);
      await recordActivity(c, { verb: 'disabled 2FA for', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null }, tx);
    });
    await mailSecurityNotice(deps, deps.db, user, 'Two-factor authentication was disabled on your account, and your other signed-in sessions were ended.');
    return { message: '2FA successfully disabled!' };
  }),
  implement(backupCodesLeftOp, async (c) => {
    const { db } = c.var.deps;
    if (!(await twoFactorSecretOf(db, c.var.viewer.userGuid))) throw problem(400, '2FA is not enabled.', { code: '2fa_disabled' });
    // Codes are stored hashed, so only how many remain can be shown; new ones need the password.
    return { codes: await remainingBackupCodes(db, c.var.viewer.userGuid) };
  }),
  implement(regenerateBackupCodesOp, async (c, { body: { password } }) => {
    const deps = c.var.deps;
    const user = await checkPassword(c, password);
    if (!(await twoFactorSecretOf(deps.db, user.guid))) throw problem(400, '2FA is not enabled.', { code: '2fa_disabled' });
    const codes = await deps.db.transaction(async (tx) => {
      const fresh = await replaceBackupCodes(tx, user.guid, deps.now());
      await recordActivity(c, { verb: 'regenerated the backup codes of', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null }, tx);
      return fresh;
    });
    return { codes };
  }),
  implement(confirmTwoFactorOp, async (c, { params, body: { code } }) => {
    const deps = c.var.deps;
    const viewer = c.var.viewer;
    const [pending] = await deps.db
      .select()
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.guid, params.guid), eq(twoFactorSecrets.userGuid, viewer.userGuid), isNull(twoFactorSecrets.confirmedAt)));
    if (!pending) throw notFound(confirmTwoFactorOp.notFound);
    if (!(await useTotp(deps.db, pending, code, deps.now()))) throw badRequest({ code: 'The code is not correct. Please check the time on your phone and try again.' }, 'wrong_code');
    const codes = await deps.db.transaction(async (tx) => {
      await tx.update(twoFactorSecrets).set({ confirmedAt: deps.now() }).where(eq(twoFactorSecrets.guid, pending.guid));
      const fresh = await replaceBackupCodes(tx, viewer.userGuid, deps.now());
      // Every other session ends now. This one ends when the panel signs out after showing the
      // backup codes, and at the latest in 15 minutes, so a poll cannot cut the codes off screen.
      await revokeUserSessions(tx, viewer.userGuid, deps.now(), viewer.sessionGuid);
      await tx.update(sessionTokens).set({ expiresAt: new Date(deps.now().getTime() + ENABLE_GRACE_MS) }).where(eq(sessionTokens.guid, viewer.sessionGuid));
      await recordActivity(c, { verb: 'enabled 2FA for', object: `${viewer.firstName} ${viewer.lastName}`, objectType: 'user', objectGuid: viewer.userGuid, companyGuid: null }, tx);
      return fresh;
    });
    await mailSecurityNotice(deps, deps.db, { guid: viewer.userGuid, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName }, 'Two-factor authentication was enabled on your account, and your signed-in sessions were ended.');
    return { codes };
  }),
];
