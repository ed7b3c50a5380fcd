import { and, eq } from 'drizzle-orm';
import { inviteCompanyUserOp } from '../../lib/api/company';
import { invitations, memberships, users } from '../db/schema/index';
import { badRequest } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { verifyInvitationCode } from '../services/invitation-code';
import { lockCompany } from '../db/locks';

export const INVITATION_CODE_INVALID = 'This invitation code is not valid or has expired. Please ask for a new one.';
export const ALREADY_MEMBER = 'This user is already a member of this company.';
export const ALREADY_INVITED = 'This user has already been invited to this company.';

/**
 * Invite user (spec part 3, 2.9 Users, 5 'Invite user'): the dynamic invitation code of
 * spec part 1, 2.6 names the person; they see a PENDING invitation in their account area.
 */
export const companyInvitationOperations = [
  implement(inviteCompanyUserOp, async (c, { params, body }) => {
    const company = c.var.company;
    const { db, now } = c.var.deps;
    const userGuid = await verifyInvitationCode(db, body.invitation_code, now());
    if (!userGuid) throw badRequest({ invitation_code: INVITATION_CODE_INVALID }, 'invalid_invitation_code');
    const [member] = await db.select({ guid: memberships.guid }).from(memberships).where(and(eq(memberships.companyGuid, company.guid), eq(memberships.userGuid, userGuid)));
    if (member) throw badRequest({ invitation_code: ALREADY_MEMBER }, 'already_member');
    const [person] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.guid, userGuid));
    await db.transaction(async (tx) => {
      // Two invitations of one person at once: the second waits here and then finds the first.
      await lockCompany(tx, company.guid);
      const [pending] = await tx
        .select({ guid: invitations.guid })
        .from(invitations)
        .where(and(eq(invitations.companyGuid, company.guid), eq(invitations.userGuid, userGuid), eq(invitations.status, 'PENDING')));
      if (pending) throw badRequest({ invitation_code: ALREADY_INVITED }, 'already_invited');
      const [inv] = await tx.insert(invitations).values({ companyGuid: company.guid, userGuid, invitedByGuid: c.var.viewer.userGuid, dateCreated: now() }).returning({ guid: invitations.guid });
      await recordActivity(c, { verb: 'invited', object: `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim(), objectType: 'user', objectGuid: userGuid, target: company.name, targetType: 'company' }, tx);
      return inv;
    });
    return c.json({ message: 'User successfully invited!' }, 201);
  }),
];
