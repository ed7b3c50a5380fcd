import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { sessionTokens, users } from '../db/schema/index';
import type { AppEnv } from '../context';
import type { Context } from 'hono';
import { forbidden } from '../http/errors';

/** The profile answer of GET /account/profile/ (spec part 1, 3 Profile). */
export function profileJson(u: typeof users.$inferSelect) {
  return {
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    receive_failed_login_emails: u.receiveFailedLoginEmails,
    receive_automated_sales_emails: u.receiveAutomatedSalesEmails,
    receive_marketing_emails: u.receiveMarketingEmails,
    receive_update_emails: u.receiveUpdateEmails,
  };
}

/** An API key acts for a company, never as the person: it may not change who they are. */
export function refuseApiKeys(c: Context<AppEnv>): void {
  if (c.var.viewer.sessionKind === 'API_KEY') throw forbidden('An API key cannot change the profile, password or preferences.');
}

/** Ends every sign-in session of the user except `keep` (the one that changed the password). */
export async function endOtherSessions(db: Db, userGuid: string, keep: string, now: Date): Promise<void> {
  await db
    .update(sessionTokens)
    .set({ revokedAt: now })
    .where(and(eq(sessionTokens.userGuid, userGuid), eq(sessionTokens.kind, 'SESSION'), isNull(sessionTokens.revokedAt), ne(sessionTokens.guid, keep)));
}

/** A guid in the path: anything else is not found (Postgres would refuse to compare it). */

/** For `ilike`: the user's text matched literally, as a contains filter. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
