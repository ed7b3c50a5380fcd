import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/schema/index';

/** How long one invitation code stays the current one. */
export const INVITATION_CODE_WINDOW_MS = 10 * 60_000;

const windowOf = (now: Date) => Math.floor(now.getTime() / INVITATION_CODE_WINDOW_MS);

function mac(seed: string, window: number): string {
  return createHmac('sha256', seed).update(`invitation:${window}`).digest('base64url').slice(0, 12);
}

const idPart = (userGuid: string) => Buffer.from(userGuid.replace(/-/g, ''), 'hex').toString('base64url');

function guidFrom(id: string): string | null {
  const hex = Buffer.from(id, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The user's dynamic invitation code (spec part 1, 2.6): who the user is, plus an HMAC of
 * their secret seed over the current 10-minute window. It changes every window, so a code
 * shared once stops working soon; only the server, holding the seed, can make or check one.
 */
export async function invitationCodeFor(db: Db, userGuid: string, now: Date): Promise<string> {
  const [user] = await db.select({ seed: users.invitationSeed }).from(users).where(eq(users.guid, userGuid));
  let seed = user?.seed;
  if (!seed) {
    seed = randomBytes(16).toString('hex');
    await db.update(users).set({ invitationSeed: seed }).where(eq(users.guid, userGuid));
  }
  return `${idPart(userGuid)}-${mac(seed, windowOf(now))}`;
}

/**
 * The user a code names when it is current (this window or the one before, so a code read
 * just before the turn still works), else null. For the company area's invite-by-code.
 */
export async function verifyInvitationCode(db: Db, code: string, now: Date): Promise<string | null> {
  const m = /^([A-Za-z0-9_-]{22})-([A-Za-z0-9_-]{12})$/.exec(code.trim());
  if (!m) return null;
  const userGuid = guidFrom(m[1]!);
  if (!userGuid) return null;
  const [user] = await db.select({ seed: users.invitationSeed }).from(users).where(eq(users.guid, userGuid));
  if (!user?.seed) return null;
  const given = Buffer.from(m[2]!);
  const current = windowOf(now);
  for (const w of [current, current - 1]) {
    const expected = Buffer.from(mac(user.seed, w));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return userGuid;
  }
  return null;
}
