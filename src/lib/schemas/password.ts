import { z } from 'zod/mini';
import { controlCharactersMessage, hasControlCharacters, tooLongMessage } from './text';

/** Longest password accepted: argon2 hashes anything, but a megabyte of text is an attack, not a password. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 8;

/** A password as typed: never trimmed (spaces may belong to it), required, within the limit. */
export const secret = (message: string) =>
  z.string({ error: message }).check(
    z.minLength(1, message),
    z.maxLength(PASSWORD_MAX, tooLongMessage('Your password', PASSWORD_MAX)),
    z.refine((s) => !hasControlCharacters(s), controlCharactersMessage('Your password')),
  );

/**
 * The server's rule for a new password (sign-up, reset, change). The panel does not check
 * strength itself (spec part 1, 5 Profile); the server answers these sentences.
 */
export const newPasswordSchema = z.string({ error: 'Please enter a new password!' }).check(
  z.minLength(1, 'Please enter a new password!'),
  z.minLength(PASSWORD_MIN, `Your password must be at least ${PASSWORD_MIN} characters long.`),
  z.maxLength(PASSWORD_MAX, tooLongMessage('Your password', PASSWORD_MAX)),
  z.refine((p) => !/^\d+$/.test(p), 'Your password cannot be entirely numeric.'),
  z.refine((p) => !hasControlCharacters(p), controlCharactersMessage('Your password')),
);
