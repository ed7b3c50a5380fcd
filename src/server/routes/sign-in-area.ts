import { authOperations } from './auth';
import { publicAccountOperations } from './public-account';
import { twoFactorOperations } from './two-factor';

/**
 * Signing in and out, signing up, verification and recovery, the links people follow from
 * emails, and the user's own 2FA (spec part 1, 2.9, 5 and 7).
 */
export const signInAreaOperations = [...authOperations, ...publicAccountOperations, ...twoFactorOperations];
