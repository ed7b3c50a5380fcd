import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { hostingAccounts, hostingServers, ipAddresses, ipGroups, orders } from '../db/schema/index';
import { sealSecret } from '../services/secret-box';
import { companyEmails, queueCompanyEmail } from '../services/company-mail';
import { lockNamePool } from '../db/locks';

/**
 * Creating a paid shared hosting account's cPanel account (spec part 3, 2.8; docs/decisions.md
 * "Shared hosting orders and plan changes"). The job engine runs `provisionHostingAccounts` on
 * its own pg-boss queue: at once after a payment that leaves an account to create, and every
 * minute, so an account that waits for addresses in the company's default IP group (spec 2.8:
 * 'This account has not been created, yet. Please add IP addresses to your default IP group.')
 * is created within a minute of their arrival. Each account is created in its own transaction
 * holding its row lock, so two workers never create one twice.
 */

/** Accounts created per run; the next run takes the rest. */
const BATCH = 200;

/** A paid account not created yet: shared hosting, PENDING, its order running. */
const waiting = and(eq(hostingAccounts.accountType, 'SHARED_HOSTING'), eq(hostingAccounts.isCreated, false), eq(hostingAccounts.status, 'PENDING'), eq(orders.status, 'ACTIVE'));

/** Whether a company has a paid account waiting to be created (the payment then wakes the job). */
export async function hasAccountsToProvision(db: Db, companyGuid: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: hostingAccounts.guid })
    .from(hostingAccounts)
    .innerJoin(orders, eq(orders.id, hostingAccounts.orderId))
    .where(and(waiting, eq(hostingAccounts.companyGuid, companyGuid)))
    .limit(1);
  return Boolean(row);
}

/**
 * The company's default IP group: the schema names none, so it is the company's first ACTIVE
 * group that is not internal (the one sign-up makes). Null when it has none.
 */
export async function defaultIpGroup(db: Db, companyGuid: string): Promise<string | null> {
  const [group] = await db
    .select({ guid: ipGroups.guid })
    .from(ipGroups)
    .where(and(eq(ipGroups.companyGuid, companyGuid), eq(ipGroups.status, 'ACTIVE'), eq(ipGroups.isInternal, false)))
    .orderBy(asc(ipGroups.dateCreated), asc(ipGroups.guid))
    .limit(1);
  return group?.guid ?? null;
}

async function defaultGroupHasAddresses(db: Db, companyGuid: string): Promise<boolean> {
  const group = await defaultIpGroup(db, companyGuid);
  if (!group) return false;
  const [row] = await db
    .select({ guid: ipAddresses.guid })
    .from(ipAddresses)
    .where(and(eq(ipAddresses.groupGuid, group), eq(ipAddresses.status, 'ACTIVE')))
    .limit(1);
  return Boolean(row);
}

/** cPanel's rule: lowercase letters and digits, starting with a letter, at most 8 characters here. */
export function usernameStem(name: string): string {
  const letters = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^[0-9]+/, '');
  return (letters || 'host').slice(0, 5);
}

/** Any number: the advisory lock that serialises picking usernames. */
const USERNAME_POOL = 727_274_101;

/**
 * A username no account holds: the stem and three digits, then (should 20 draws all be taken)
 * a shorter stem and more digits, always 8 characters. Two accounts created at once wait for
 * each other here, so they never pick the same one.
 */
async function freeUsername(tx: Db, name: string): Promise<string> {
  await lockNamePool(tx, USERNAME_POOL);
  const stem = usernameStem(name);
  for (let attempt = 0; attempt < 100; attempt++) {
    const digits = 3 + Math.floor(attempt / 20);
    const candidate = `${stem.slice(0, 8 - digits)}${randomInt(10 ** (digits - 1), 10 ** digits)}`;
    const [taken] = await tx.select({ n: count() }).from(hostingAccounts).where(eq(hostingAccounts.username, candidate));
    if (!Number(taken?.n ?? 0)) return candidate;
  }
  throw new Error(`no free cPanel username for ${stem}`);
}

/** A random cPanel password: 18 characters of letters, digits and two symbols cPanel accepts. */
export const randomCpanelPassword = () => `${randomBytes(12).toString('base64url')}#${randomInt(10, 100)}!`.replace(/[-_]/g, 'x');

/** The location's active server with the fewest accounts. */
async function pickServer(tx: Db, locationGuid: string): Promise<string | null> {
  const load = sql<number>`(select count(*) from ${hostingAccounts} where ${hostingAccounts.serverGuid} = ${hostingServers.guid})`;
  const [server] = await tx
    .select({ guid: hostingServers.guid })
    .from(hostingServers)
    .where(and(eq(hostingServers.locationGuid, locationGuid), eq(hostingServers.isActive, true)))
    .orderBy(asc(load), asc(hostingServers.hostname))
    .limit(1);
  return server?.guid ?? null;
}

/** Creates one account if it still waits; true when it was created. */
async function createAccount(db: Db, guid: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ a: hostingAccounts })
      .from(hostingAccounts)
      .innerJoin(orders, eq(orders.id, hostingAccounts.orderId))
      .where(and(waiting, eq(hostingAccounts.guid, guid)))
      .for('update', { of: hostingAccounts });
    if (!account?.a.locationGuid) return false;
    const server = await pickServer(tx, account.a.locationGuid);
    if (!server) return false;
    const username = await freeUsername(tx, account.a.name);
    await tx
      .update(hostingAccounts)
      .set({ isCreated: true, status: 'ACTIVE', serverGuid: server, username, cpanelPasswordSecret: await sealSecret(tx, randomCpanelPassword()) })
      .where(eq(hostingAccounts.guid, guid));
    await queueCompanyEmail(tx, companyEmails.newHostingAccount(account.a.companyGuid, account.a.name), now);
    return true;
  });
}

/**
 * Creates every paid account whose company's default IP group has an address; answers how
 * many. `now` is the server's clock, which dates the emails that announce them.
 */
export async function provisionHostingAccounts(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ guid: hostingAccounts.guid, company: hostingAccounts.companyGuid })
    .from(hostingAccounts)
    .innerJoin(orders, eq(orders.id, hostingAccounts.orderId))
    .where(waiting)
    .orderBy(asc(hostingAccounts.dateCreated))
    .limit(BATCH);
  const ready = new Map<string, boolean>();
  let created = 0;
  for (const { guid, company } of due) {
    if (!ready.has(company)) ready.set(company, await defaultGroupHasAddresses(db, company));
    if (ready.get(company) && (await createAccount(db, guid, now))) created += 1;
  }
  return created;
}
