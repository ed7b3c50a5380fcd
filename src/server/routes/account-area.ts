import { accountOperations } from './account';
import { accountCompanyOperations } from './account-companies';
import { accountInvitationOperations } from './account-invitations';
import { accountProfileOperations } from './account-profile';
import { accountSetupOperations } from './account-setup';

/** The signed-in account area: whoami, profile, companies, invitations and the to-do list (spec part 1, 2.6 and 7). */
export const accountAreaOperations = [...accountOperations, ...accountProfileOperations, ...accountCompanyOperations, ...accountInvitationOperations, ...accountSetupOperations];
