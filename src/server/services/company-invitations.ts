import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { lockCompany } from '../db/locks';
import { invitations, memberships, users } from '../db/schema/index';
import { badRequest } from '../http/errors';
import { recordActivity } from './activity';
import { verifyInvitationCode } from './invitation-code';

export const INVITATION_CODE_INVALID = 'This invitation code is not valid or has expired. Please ask for a new one.';
export const ALREADY_MEMBER = 'This user is already a member of this company.';
export const ALREADY_INVITED = 'This user has already been invited to this company.';

/**
 * Invites the person a dynamic invitation code names (spec part 1, 2.6; part 3, 5 'Invite
 * user'): they see a PENDING invitation in their account area. Neither a member nor a person
 * with a pending invitation is invited again; both are checked under the company's lock, so
 * two invitations of one person at once make one.
 */
export async function inviteCompanyUser(c: Context<AppEnv>, invitationCode: string): Promise<void> {
  const company = c.var.company;
  const { db, now } = c.var.deps;
  const userGuid = await verifyInvitationCode(db, invitationCode, now());
  if (!userGuid) throw badRequest({ invitation_code: INVITATION_CODE_INVALID }, 'invalid_invitation_code');
  await db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const [member] = await tx
      .select({ guid: memberships.guid })
      .from(memberships)
      .where(and(eq(memberships.companyGuid, company.guid), eq(memberships.userGuid, userGuid)));
    if (member) throw badRequest({ invitation_code: ALREADY_MEMBER }, 'already_member');
    const [pending] = await tx
      .select({ guid: invitations.guid })
      .from(invitations)
      .where(and(eq(invitations.companyGuid, company.guid), eq(invitations.userGuid, userGuid), eq(invitations.status, 'PENDING')));
    if (pending) throw badRequest({ invitation_code: ALREADY_INVITED }, 'already_invited');
    const [person] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.guid, userGuid));
    await tx.insert(invitations).values({ companyGuid: company.guid, userGuid, invitedByGuid: c.var.viewer.userGuid, dateCreated: now() });
    await recordActivity(
      c,
      {
        verb: 'invited',
        object: `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim(),
        objectType: 'user',
        objectGuid: userGuid,
        target: company.name,
        targetType: 'company',
      },
      tx,
    );
  });
}
