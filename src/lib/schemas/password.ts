import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters, tooLongMessage } from './text';

/** Longest password accepted: argon2 hashes anything, but a megabyte of text is an attack, not a password. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 8;

/** A password as typed: never trimmed (spaces may belong to it), required, within the limit. */
export const secret = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(PASSWORD_MAX, tooLongMessage('Your password', PASSWORD_MAX))
    .refine((s) => !hasControlCharacters(s), controlCharactersMessage('Your password'));

/**
 * The server's rule for a new password (sign-up, reset, change). The panel does not check
 * strength itself (spec part 1, 5 Profile); the server answers these sentences.
 */
export const newPasswordSchema = z
  .string({ error: 'Please enter a new password!' })
  .min(1, 'Please enter a new password!')
  .min(PASSWORD_MIN, `Your password must be at least ${PASSWORD_MIN} characters long.`)
  .max(PASSWORD_MAX, tooLongMessage('Your password', PASSWORD_MAX))
  .refine((p) => !/^\d+$/.test(p), 'Your password cannot be entirely numeric.')
  .refine((p) => !hasControlCharacters(p), controlCharactersMessage('Your password'));
