import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for session tokens, API keys and emailed links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256; a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
