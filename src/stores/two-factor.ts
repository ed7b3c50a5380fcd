import { map } from 'nanostores';
import { logout } from '../lib/requests/auth';
import type { TwoFactorSetup } from '../lib/api/two-factor';
import { backupCodesLeft, confirmTwoFactor, disableTwoFactor, regenerateBackupCodes, startTwoFactor, twoFactorStatus } from '../lib/requests/two-factor';
import { ApiError } from '../lib/errors';
import { fieldErrors } from '../lib/schemas/auth';
import { enableTwoFactorSchema, passwordConfirmSchema } from '../lib/schemas/auth-flows';
import { api } from './api';
import { goTo } from './navigation';
import { signOut } from './session';
import { toastError, toastSuccess } from './toasts';

export interface TwoFactorState {
  /** null while loading. */
  enabled: boolean | null;
  busy: boolean;
  fields: Record<string, string>;
}

export const $twoFactor = map<TwoFactorState>({ enabled: null, busy: false, fields: {} });

/** A failed load shows 2FA as disabled (spec part 1, 4: account area). */
export async function loadTwoFactor(): Promise<void> {
  try {
    const { enabled } = await twoFactorStatus(api);
    $twoFactor.setKey('enabled', enabled);
  } catch {
    $twoFactor.setKey('enabled', false);
  }
}

function settle(error?: unknown): Record<string, string> {
  const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
  $twoFactor.set({ ...$twoFactor.get(), busy: false, fields });
  if (error && !Object.keys(fields).length) toastError(error);
  return fields;
}

export function clearTwoFactorErrors(): void {
  $twoFactor.set({ ...$twoFactor.get(), fields: {} });
}

/** Step 2 of enabling: a new secret with its QR code. */
export async function beginTwoFactor(): Promise<TwoFactorSetup | null> {
  $twoFactor.set({ ...$twoFactor.get(), busy: true, fields: {} });
  try {
    const setup = await startTwoFactor(api);
    settle();
    return setup;
  } catch (error) {
    settle(error);
    return null;
  }
}

/** Step 3: the code from the app; answers the backup codes of step 4. */
export async function confirmTwoFactorCode(guid: string, code: string): Promise<string[] | null> {
  const parsed = enableTwoFactorSchema.safeParse({ code });
  if (!parsed.success) {
    $twoFactor.setKey('fields', fieldErrors(parsed.error));
    return null;
  }
  $twoFactor.set({ ...$twoFactor.get(), busy: true, fields: {} });
  try {
    const { codes } = await confirmTwoFactor(api, guid, parsed.data.code);
    settle();
    return codes;
  } catch (error) {
    settle(error);
    return null;
  }
}

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

async function withPassword<T>(password: string, call: (password: string) => Promise<T>): Promise<T | null> {
  const parsed = passwordConfirmSchema.safeParse({ password });
  if (!parsed.success) {
    $twoFactor.setKey('fields', fieldErrors(parsed.error));
    return null;
  }
  $twoFactor.set({ ...$twoFactor.get(), busy: true, fields: {} });
  try {
    const answer = await call(parsed.data.password);
    settle();
    return answer;
  } catch (error) {
    settle(error);
    return null;
  }
}

export async function turnOffTwoFactor(password: string): Promise<boolean> {
  const answer = await withPassword(password, (p) => disableTwoFactor(api, p));
  if (!answer) return false;
  toastSuccess(answer.message);
  $twoFactor.setKey('enabled', false);
  return true;
}

export async function countBackupCodes(): Promise<number | null> {
  try {
    return (await backupCodesLeft(api)).codes;
  } catch (error) {
    toastError(error);
    return null;
  }
}

export async function newBackupCodes(password: string): Promise<string[] | null> {
  const answer = await withPassword(password, (p) => regenerateBackupCodes(api, p));
  return answer?.codes ?? null;
}
