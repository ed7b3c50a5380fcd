import type { Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { acceptInvitationOp, getInvitationCodeOp, listInvitationsOp, revokeInvitationOp } from '../../lib/api/account';
import { PRESETS } from '../../lib/rules/scopes';
import type { AppEnv } from '../context';
import { companies, invitations, memberships } from '../db/schema/index';
import { countRows, pageOfRows } from '../db/lists';
import { notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { inheritedRestrictions } from '../services/access';
import { invitationCodeFor } from '../services/invitation-code';

/**
 * Who an accepted invitation makes the user. Invitations carry no account type or scopes of
 * their own yet, so they join as STAFF with the STAFF preset; the company can change it later.
 */
const INVITED_ACCOUNT_TYPE = 'STAFF';

/** This user's invitation (any status), or 404: another user's invitation is never revealed. */
async function ownInvitation(c: Context<AppEnv>, guid: string) {
  const [row] = await c.var.deps.db
    .select({ inv: invitations, co: { guid: companies.guid, name: companies.name } })
    .from(invitations)
    .innerJoin(companies, eq(companies.guid, invitations.companyGuid))
    .where(and(eq(invitations.guid, guid), eq(invitations.userGuid, c.var.viewer.userGuid)));
  if (!row) throw notFound(acceptInvitationOp.notFound);
  return row;
}

const notPending = () => problem(400, 'This invitation is no longer pending.', { code: 'not_pending' });

/** Invitations addressed to the user and their invitation code (spec part 1, 2.6 Invitations, 7). */
export const accountInvitationOperations = [
  implement(listInvitationsOp, async (c, { query: q }) => {
    const { db } = c.var.deps;
    const filter = eq(invitations.userGuid, c.var.viewer.userGuid);
    return pageOfRows(
      q,
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
  }),
  implement(getInvitationCodeOp, async (c) => ({ invitation_code: await invitationCodeFor(c.var.deps.db, c.var.viewer.userGuid, c.var.deps.now()) })),
  implement(revokeInvitationOp, async (c, { params }) => {
    const { inv, co } = await ownInvitation(c, params.guid);
    if (inv.status !== 'PENDING') throw notPending();
    await c.var.deps.db.transaction(async (tx) => {
      const done = await tx
        .update(invitations)
        .set({ status: 'REVOKED' })
        .where(and(eq(invitations.guid, inv.guid), eq(invitations.status, 'PENDING')))
        .returning({ guid: invitations.guid });
      if (done.length === 0) throw notPending();
      await recordActivity(c, { verb: 'revoked', object: 'the invitation', objectType: 'invitation', objectGuid: inv.guid, target: co.name, targetType: 'company', companyGuid: co.guid }, tx);
    });
    return { message: 'Invitation successfully revoked!' };
  }),
  implement(acceptInvitationOp, async (c, { params }) => {
    const { inv, co } = await ownInvitation(c, params.guid);
    if (inv.status !== 'PENDING') throw notPending();
    const { db, now } = c.var.deps;
    await db.transaction(async (tx) => {
      // Only the request that flips PENDING adds the membership; a double click gets 400.
      const done = await tx
        .update(invitations)
        .set({ status: 'ACCEPTED' })
        .where(and(eq(invitations.guid, inv.guid), eq(invitations.status, 'PENDING')))
        .returning({ guid: invitations.guid });
      if (done.length === 0) throw notPending();
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
      await recordActivity(c, { verb: 'accepted', object: 'the invitation', objectType: 'invitation', objectGuid: inv.guid, target: co.name, targetType: 'company', companyGuid: co.guid }, tx);
    });
    return { message: 'Invitation successfully accepted!' };
  }),
];
