import { z } from 'zod';

/** Longest password accepted: argon2 hashes anything, but a megabyte of text is an attack, not a password. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 8;

/**
 * The server's rule for a new password (sign-up, reset, change). The panel does not check
 * strength itself (spec part 1, 5 Profile); the server answers these sentences.
 */
export const newPasswordSchema = z
  .string({ error: 'Please enter a new password!' })
  .min(1, 'Please enter a new password!')
  .min(PASSWORD_MIN, `Your password must be at least ${PASSWORD_MIN} characters long.`)
  .max(PASSWORD_MAX, `Your password can be at most ${PASSWORD_MAX} characters long.`)
  .refine((p) => !/^\d+$/.test(p), 'Your password cannot be entirely numeric.');
