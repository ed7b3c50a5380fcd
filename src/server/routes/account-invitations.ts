import { acceptInvitationOp, getInvitationCodeOp, listInvitationsOp, revokeInvitationOp } from '../../lib/api/account';
import { implement } from '../http/operation';
import { acceptInvitation, invitationsPage, revokeInvitation } from '../services/account-invitations';
import { invitationCodeFor } from '../services/invitation-code';

/** Invitations addressed to the user and their invitation code (spec part 1, 2.6 Invitations, 7). */
export const accountInvitationOperations = [
  implement(listInvitationsOp, async (c, { query }) => invitationsPage(c.var.deps.db, c.var.viewer.userGuid, query)),
  implement(getInvitationCodeOp, async (c) => ({ invitation_code: await invitationCodeFor(c.var.deps.db, c.var.viewer.userGuid, c.var.deps.now()) })),
  implement(revokeInvitationOp, async (c, { params }) => {
    await revokeInvitation(c, params.guid);
    return { message: 'Invitation successfully revoked!' };
  }),
  implement(acceptInvitationOp, async (c, { params }) => {
    await acceptInvitation(c, params.guid);
    return { message: 'Invitation successfully accepted!' };
  }),
];
