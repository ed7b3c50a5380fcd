import { map, onMount } from 'nanostores';
import type { Profile } from '../lib/api/account';
import { changePassword, getProfile, updatePreference, updateProfile } from '../lib/requests/account';
import { fieldErrors } from '../lib/schemas/auth';
import { passwordChangeFormSchema, profileSchema, type PasswordChangeInput, type PreferenceKey, type ProfileInput } from '../lib/schemas/account';
import { ApiError } from '../lib/errors';
import { api } from './api';
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

/** Field sentences for a form, from the panel's own check or the server's answer. */
export type FormErrors = Record<string, string>;

function serverFields(error: unknown): FormErrors | null {
  return error instanceof ApiError && error.body.fields ? error.body.fields : null;
}

/** Saves the names; answers the field errors to show, or null when saved. */
export async function saveProfile(input: ProfileInput): Promise<FormErrors | null> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return fieldErrors(parsed.error);
  try {
    const answer = await updateProfile(api, parsed.data);
    $profile.setKey('data', answer.profile);
    toastSuccess(answer.message);
    // The header shows the name too.
    void loadUser();
    return null;
  } catch (error) {
    toastError(error);
    return serverFields(error) ?? {};
  }
}

/** Changes the password; answers the field errors to show, or null when changed. */
export async function savePassword(input: PasswordChangeInput): Promise<FormErrors | null> {
  const parsed = passwordChangeFormSchema.safeParse(input);
  if (!parsed.success) return fieldErrors(parsed.error);
  try {
    const answer = await changePassword(api, parsed.data);
    toastSuccess(answer.message);
    return null;
  } catch (error) {
    toastError(error);
    return serverFields(error) ?? {};
  }
}

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
