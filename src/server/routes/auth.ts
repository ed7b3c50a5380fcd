import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { loginSchema } from '../../lib/schemas/auth';
import type { AppEnv } from '../context';
import { loginRecords, users } from '../db/schema/index';
import { problem, tooManyRequests } from '../http/errors';
import { readBody } from '../http/validate';
import { requireAuth } from '../auth/middleware';
import { dummyHash, verifyPassword } from '../auth/passwords';
import { createSession, revokeSession } from '../auth/sessions';
import { clearFailures, failuresSince, recordFailure } from '../auth/throttle';
import { resolveCompany } from '../auth/company-access';
import { loadSessionUser } from '../services/session-user';

const WRONG_CREDENTIALS = 'Unable to log in with provided credentials.';
/** Guesses from one address across all accounts, before it is refused for the window. */
const IP_MAX_FAILURES = 50;

export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const input = await readBody(c, loginSchema);
    const { db, now, config } = c.var.deps;
    const email = input.email.toLowerCase();
    const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
    const accountKey = `login:${email}`;
    const ipKey = `login-ip:${c.var.ip}`;
    const throttled = `Too many failed sign-in attempts. Please wait ${config.loginWindowMinutes} minutes and try again.`;
    if ((await failuresSince(db, accountKey, since)) >= config.loginMaxFailures) throw tooManyRequests(throttled);
    if ((await failuresSince(db, ipKey, since)) >= IP_MAX_FAILURES) throw tooManyRequests(throttled);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    const ok = user && user.userKind !== 'API_USER' ? await verifyPassword(input.password, user.passwordHash) : (await verifyPassword(input.password, await dummyHash()), false);
    if (!user || !ok) {
      await recordFailure(db, accountKey, now());
      await recordFailure(db, ipKey, now());
      if (user) await db.insert(loginRecords).values({ userGuid: user.guid, timestamp: now(), ipAddress: c.var.ip, userAgent: c.var.userAgent, status: 'FAILURE' });
      throw problem(400, WRONG_CREDENTIALS, { code: 'invalid_credentials' });
    }
    if (!user.emailVerifiedAt) {
      throw problem(400, 'Please verify your email address before signing in.', { code: 'email_not_verified', email_not_verified: true });
    }
    await clearFailures(db, accountKey);
    const company = await resolveCompany(db, user.guid, null);
    if (!company) throw problem(403, 'Your account does not belong to any company.', { code: 'no_company' });
    const token = await createSession(db, user.guid, { ip: c.var.ip, userAgent: c.var.userAgent, now: now(), config });
    await db.insert(loginRecords).values({ userGuid: user.guid, timestamp: now(), ipAddress: c.var.ip, userAgent: c.var.userAgent, status: 'SUCCESS' });
    return c.json({ token, user: await loadSessionUser(db, user.guid, company) });
  })
  .post('/logout', requireAuth, async (c) => {
    const { db, now } = c.var.deps;
    if (c.var.viewer.sessionKind === 'SESSION') await revokeSession(db, c.var.viewer.sessionGuid, now());
    return c.json({ success: true });
  });
