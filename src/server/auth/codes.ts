import { randomInt } from 'node:crypto';
import { hashToken } from './tokens';

/** A 6-digit code for email (device verification, contact verification). */
export function newNumericCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Backup codes avoid letters that read alike (0/O, 1/I/L). */
const BACKUP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const BACKUP_CODE_COUNT = 10;

export function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += BACKUP_ALPHABET[randomInt(0, BACKUP_ALPHABET.length)];
  return code;
}

/**
 * Short codes are hashed with what they belong to (a challenge or user guid), so equal codes
 * of two people never share a hash and a leaked table cannot be matched against one list.
 */
export const hashCode = (owner: string, code: string) => hashToken(`${owner}:${code.toUpperCase()}`);
