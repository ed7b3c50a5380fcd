import { map, onMount } from 'nanostores';
import type { Profile } from '../lib/api/account';
import { changePassword, getProfile, updatePreference, updateProfile } from '../lib/requests/account';
import { passwordChangeFormSchema, profileSchema, type PreferenceKey } from '../lib/schemas/account';
import { api } from './api';
import { createForm } from './form';
import { loadUser } from './session';
import { toastError, toastSuccess } from './toasts';

export interface ProfileState {
  loading: boolean;
  data: Profile | null;
  /** The preference switch being saved, so it shows busy. */
  savingPreference: PreferenceKey | null;
}

/** The Profile tab's data: names, email and the four email preferences. */
export const $profile = map<ProfileState>({ loading: true, data: null, savingPreference: null });

export async function loadProfile(): Promise<void> {
  $profile.setKey('loading', true);
  try {
    $profile.set({ ...$profile.get(), loading: false, data: await getProfile(api) });
  } catch (error) {
    $profile.setKey('loading', false);
    toastError(error);
  }
}

onMount($profile, () => {
  void loadProfile();
});

/** The Profile card's names (spec part 1, 2.6): saved, then the header's name follows. */
export const profileForm = createForm({
  schema: profileSchema,
  send: (input) => updateProfile(api, input),
  successToast: (answer) => answer.message,
  onSuccess(answer) {
    $profile.setKey('data', answer.profile);
    // The header shows the name too.
    void loadUser();
  },
});

/** The Change Password dialog: the panel checks presence and the match, the server the rules. */
export const passwordForm = createForm({
  schema: passwordChangeFormSchema,
  send: (input) => changePassword(api, input),
  successToast: (answer) => answer.message,
});

/** Saves one email preference at once; the switch shows the stored value again on failure. */
export async function savePreference(key: PreferenceKey, value: boolean): Promise<void> {
  const before = $profile.get().data;
  if (!before) return;
  $profile.set({ ...$profile.get(), data: { ...before, [key]: value }, savingPreference: key });
  try {
    const answer = await updatePreference(api, { [key]: value });
    $profile.set({ ...$profile.get(), data: { ...$profile.get().data!, ...answer.preferences }, savingPreference: null });
    toastSuccess(answer.message);
  } catch (error) {
    $profile.set({ ...$profile.get(), data: before, savingPreference: null });
    toastError(error);
  }
}
