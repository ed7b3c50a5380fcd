import type { Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { acceptInvitationOp } from '../../lib/api/account';
import { PRESETS } from '../../lib/rules/scopes';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { companies, invitations, memberships } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { recordActivity } from './activity';
import { inheritedRestrictions } from './access';

/** Invitations addressed to the user (spec part 1, 2.6 Invitations, 7): the list, revoking and accepting. */

/**
 * Who an accepted invitation makes the user. Invitations carry no account type or scopes of
 * their own yet, so they join as STAFF with the STAFF preset; the company can change it later.
 */
const INVITED_ACCOUNT_TYPE = 'STAFF';

const notPending = () => problem(400, 'This invitation is no longer pending.', { code: 'not_pending' });

/** This user's invitation (any status), or 404: another user's invitation is never revealed. */
async function ownInvitation(c: Context<AppEnv>, guid: string) {
  const [row] = await c.var.deps.db
    .select({ inv: invitations, co: { guid: companies.guid, name: companies.name } })
    .from(invitations)
    .innerJoin(companies, eq(companies.guid, invitations.companyGuid))
    .where(and(eq(invitations.guid, guid), eq(invitations.userGuid, c.var.viewer.userGuid)));
  if (!row) throw notFound(acceptInvitationOp.notFound);
  if (row.inv.status !== 'PENDING') throw notPending();
  return row;
}

/** Flips a PENDING invitation; only the request that flips it goes on, a double click gets 400. */
async function settle(tx: Db, guid: string, status: 'ACCEPTED' | 'REVOKED') {
  const done = await tx
    .update(invitations)
    .set({ status })
    .where(and(eq(invitations.guid, guid), eq(invitations.status, 'PENDING')))
    .returning({ guid: invitations.guid });
  if (done.length === 0) throw notPending();
}

export function invitationsPage(db: Db, userGuid: string, paging: Paging) {
  const filter = eq(invitations.userGuid, userGuid);
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (
        await db
          .select({ inv: invitations, co: { guid: companies.guid, name: companies.name } })
          .from(invitations)
          .innerJoin(companies, eq(companies.guid, invitations.companyGuid))
          .where(filter)
          .orderBy(desc(invitations.dateCreated), desc(invitations.guid))
          .limit(limit)
          .offset(offset)
      ).map(({ inv, co }) => ({ guid: inv.guid, company: co, status: inv.status, date_created: inv.dateCreated.toISOString() })),
    () => countRows(db, invitations, filter),
  );
}

export async function revokeInvitation(c: Context<AppEnv>, guid: string): Promise<void> {
  const { inv, co } = await ownInvitation(c, guid);
  await c.var.deps.db.transaction(async (tx) => {
    await settle(tx, inv.guid, 'REVOKED');
    await recordActivity(
      c,
      { verb: 'revoked', object: 'the invitation', objectType: 'invitation', objectGuid: inv.guid, target: co.name, targetType: 'company', companyGuid: co.guid },
      tx,
    );
  });
}

/**
 * Accepts an invitation: the user joins the company with the STAFF preset, cut to what the
 * inviter holds there now, under the company's lock (the one order of src/server/db/locks.ts).
 */
export async function acceptInvitation(c: Context<AppEnv>, guid: string): Promise<void> {
  const { inv, co } = await ownInvitation(c, guid);
  const { db, now } = c.var.deps;
  await db.transaction(async (tx) => {
    await lockCompany(tx, inv.companyGuid);
    await settle(tx, inv.guid, 'ACCEPTED');
    const [existing] = await tx
      .select({ guid: memberships.guid })
      .from(memberships)
      .where(and(eq(memberships.userGuid, inv.userGuid), eq(memberships.companyGuid, inv.companyGuid)));
    if (existing) throw problem(400, 'You are already a member of this company.', { code: 'already_member' });
    // The STAFF preset, but never more than the inviter holds there now: inviting an account of
    // one's own must not be a way to a wider set of permissions or reach (none once the inviter has left).
    const [inviter] = inv.invitedByGuid
      ? await tx
          .select({
            permissions: memberships.permissions,
            allowedIpGroups: memberships.allowedIpGroups,
            allowedDomainGroups: memberships.allowedDomainGroups,
            allowedHostingAccounts: memberships.allowedHostingAccounts,
            allowedSoftwarePresets: memberships.allowedSoftwarePresets,
          })
          .from(memberships)
          .where(and(eq(memberships.userGuid, inv.invitedByGuid), eq(memberships.companyGuid, inv.companyGuid), eq(memberships.status, 'ACTIVE')))
      : [];
    const held = new Set(inviter?.permissions ?? []);
    await tx.insert(memberships).values({
      userGuid: inv.userGuid,
      companyGuid: inv.companyGuid,
      accountType: INVITED_ACCOUNT_TYPE,
      permissions: PRESETS.STAFF.filter((scope) => held.has(scope)),
      ...(inviter ? inheritedRestrictions(inviter) : {}),
      dateCreated: now(),
    });
    await recordActivity(
      c,
      { verb: 'accepted', object: 'the invitation', objectType: 'invitation', objectGuid: inv.guid, target: co.name, targetType: 'company', companyGuid: co.guid },
      tx,
    );
  });
}
