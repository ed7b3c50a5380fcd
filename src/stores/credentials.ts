import { persistentAtom } from '@nanostores/persistent';

/**
 * The session token and the company the panel acts for, kept in localStorage so every page
 * and tab shares them. `undefined` removes the key, so a signed-out browser keeps nothing.
 */
export const $token = persistentAtom<string | undefined>('hostdeck:token', undefined);
export const $companyGuid = persistentAtom<string | undefined>('hostdeck:company', undefined);

export function setCredentials(token: string, company: string): void {
  $token.set(token);
  $companyGuid.set(company);
}

export function clearCredentials(): void {
  $token.set(undefined);
  $companyGuid.set(undefined);
}
