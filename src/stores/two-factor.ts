import { atom } from 'nanostores';
import { logout } from '../lib/requests/auth';
import { backupCodesLeft, confirmTwoFactor, disableTwoFactor, regenerateBackupCodes, startTwoFactor, twoFactorStatus } from '../lib/requests/two-factor';
import { enableTwoFactorSchema, passwordConfirmSchema } from '../lib/schemas/auth-flows';
import { api } from './api';
import { createForm } from './form';
import { goTo } from './navigation';
import { signOut } from './session';
import { toastError, toastSuccess } from './toasts';

/** Whether 2FA is on; null while loading. */
export const $twoFactorEnabled = atom<boolean | null>(null);

/** A failed load shows 2FA as disabled (spec part 1, 4: account area). */
export async function loadTwoFactor(): Promise<void> {
  try {
    const { enabled } = await twoFactorStatus(api);
    $twoFactorEnabled.set(enabled);
  } catch {
    $twoFactorEnabled.set(false);
  }
}

/** Step 2 of enabling: a new secret with its QR code (Continue sends no fields). */
export const twoFactorStartForm = createForm({ send: () => startTwoFactor(api) });

/** Step 3: the code from the app, for the secret of step 2; answers the backup codes of step 4. */
export const twoFactorConfirmForm = createForm({
  schema: enableTwoFactorSchema,
  input: (values: { guid: string; code: string }) => ({ code: values.code }),
  send: (input, values) => confirmTwoFactor(api, values.guid, input.code),
});

/** After the backup codes were kept: the session ends and the person signs in again with a code. */
export async function finishTwoFactor(): Promise<void> {
  try {
    await logout(api);
  } catch {
    // The server ends this session within minutes anyway.
  }
  signOut();
  toastSuccess('2FA successfully enabled! Please log in again!');
  goTo('/auth/login', { replace: true });
}

/** Disable: the password, then 2FA is off. */
export const twoFactorDisableForm = createForm({
  schema: passwordConfirmSchema,
  send: (input) => disableTwoFactor(api, input.password),
  successToast: (answer) => answer.message,
  onSuccess: () => $twoFactorEnabled.set(false),
});

export async function countBackupCodes(): Promise<number | null> {
  try {
    return (await backupCodesLeft(api)).codes;
  } catch (error) {
    toastError(error);
    return null;
  }
}

/** New backup codes need the password; the old ones stop working. */
export const backupCodesForm = createForm({
  schema: passwordConfirmSchema,
  send: (input) => regenerateBackupCodes(api, input.password),
});
