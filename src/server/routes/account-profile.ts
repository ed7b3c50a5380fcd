import { changePasswordOp, getProfileOp, updatePreferenceOp, updateProfileOp } from '../../lib/api/account';
import { implement } from '../http/operation';
import { changePassword, profileOf, updatePreference, updateProfile } from '../services/account-profile';

/** Profile, password and email preferences of the signed-in user (spec part 1, 2.6 Profile, 7). */
export const accountProfileOperations = [
  implement(getProfileOp, async (c) => profileOf(c.var.deps.db, c.var.viewer.userGuid)),
  implement(updateProfileOp, async (c, { body }) => ({ message: 'Profile successfully updated!', profile: await updateProfile(c, body) })),
  implement(changePasswordOp, async (c, { body }) => {
    await changePassword(c, body);
    return { message: 'Password successfully updated!' };
  }),
  implement(updatePreferenceOp, async (c, { body }) => ({ message: 'Preferences successfully updated!', preferences: await updatePreference(c, body) })),
];
