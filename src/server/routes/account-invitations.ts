import { Hono } from 'hono';
import { and, count, desc, eq } from 'drizzle-orm';
import { accountListQuery } from '../../lib/api/account-activity';
import { PRESETS } from '../../lib/rules/scopes';
import type { AppEnv } from '../context';
import { companies, invitations, memberships } from '../db/schema/index';
import { notForCustomers } from '../auth/middleware';
import { notFound, problem } from '../http/errors';
import { readQuery } from '../http/validate';
import { recordActivity } from '../services/activity';
import { isGuid } from '../../lib/schemas/ids';
import { invitationCodeFor } from '../services/invitation-code';

/**
 * Who an accepted invitation makes the user. Invitations carry no account type or scopes of
 * their own yet, so they join as STAFF with the STAFF preset; the company can change it later.
 */
const INVITED_ACCOUNT_TYPE = 'STAFF';

/** This user's invitation (any status), or 404: another user's invitation is never revealed. */
async function ownInvitation(c: { var: AppEnv['Variables'] }, guid: string) {
  if (!isGuid(guid)) throw notFound('Invitation not found.');
  const [row] = await c.var.deps.db
    .select({ inv: invitations, co: { guid: companies.guid, name: companies.name } })
    .from(invitations)
    .innerJoin(companies, eq(companies.guid, invitations.companyGuid))
    .where(and(eq(invitations.guid, guid), eq(invitations.userGuid, c.var.viewer.userGuid)));
  if (!row) throw notFound('Invitation not found.');
  return row;
}

const notPending = () => problem(400, 'This invitation is no longer pending.', { code: 'not_pending' });

/** Invitations addressed to the user and their invitation code (spec part 1, 2.6 Invitations, 7). */
export const accountInvitationRoutes = new Hono<AppEnv>()
  .get('/invitations', notForCustomers, async (c) => {
    const q = readQuery(c, accountListQuery);
    const { db } = c.var.deps;
    const filter = eq(invitations.userGuid, c.var.viewer.userGuid);
    const [rows, [total]] = await Promise.all([
      db
        .select({ inv: invitations, co: { guid: companies.guid, name: companies.name } })
        .from(invitations)
        .innerJoin(companies, eq(companies.guid, invitations.companyGuid))
        .where(filter)
        .orderBy(desc(invitations.dateCreated), desc(invitations.guid))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      db.select({ n: count() }).from(invitations).where(filter),
    ]);
    const data = rows.map(({ inv, co }) => ({ guid: inv.guid, company: co, status: inv.status, date_created: inv.dateCreated.toISOString() }));
    return c.json({ data, page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) });
  })
  .get('/invitations/code', notForCustomers, async (c) =>
    c.json({ invitation_code: await invitationCodeFor(c.var.deps.db, c.var.viewer.userGuid, c.var.deps.now()) }),
  )
  .delete('/invitations/:guid', notForCustomers, async (c) => {
    const { inv, co } = await ownInvitation(c, c.req.param('guid'));
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
    return c.json({ message: 'Invitation successfully revoked!' });
  })
  .post('/invitations/:guid/accept', notForCustomers, async (c) => {
    const { inv, co } = await ownInvitation(c, c.req.param('guid'));
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
      await tx.insert(memberships).values({
        userGuid: inv.userGuid,
        companyGuid: inv.companyGuid,
        accountType: INVITED_ACCOUNT_TYPE,
        permissions: [...PRESETS.STAFF],
        dateCreated: now(),
      });
      await recordActivity(c, { verb: 'accepted', object: 'the invitation', objectType: 'invitation', objectGuid: inv.guid, target: co.name, targetType: 'company', companyGuid: co.guid }, tx);
    });
    return c.json({ message: 'Invitation successfully accepted!' });
  });
