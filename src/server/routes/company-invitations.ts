import { inviteCompanyUserOp } from '../../lib/api/company';
import { implement } from '../http/operation';
import { inviteCompanyUser } from '../services/company-invitations';

/**
 * Invite user (spec part 3, 2.9 Users, 5 'Invite user'): the dynamic invitation code of
 * spec part 1, 2.6 names the person; they see a PENDING invitation in their account area.
 */
export const companyInvitationOperations = [
  implement(inviteCompanyUserOp, async (c, { body }) => {
    await inviteCompanyUser(c, body.invitation_code);
    return c.json({ message: 'User successfully invited!' }, 201);
  }),
];
