import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { serverSecrets } from '../db/schema/index';

/**
 * Secrets the panel must show again later (software admin and cPanel passwords, revealed after
 * the user re-enters their own password) are kept encrypted: AES-256-GCM, stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. The key is SECRET_KEY (32 bytes as 64 hex
 * characters) when set; otherwise a key the server makes once and keeps in the database, which
 * protects a copy of a table but not of the whole database: set SECRET_KEY in production.
 */
const KEY_NAME = 'secret-box-key';
const VERSION = 'v1';

let cached: { db: Db; key: Buffer } | undefined;

async function keyFor(db: Db): Promise<Buffer> {
  const fromEnv = process.env.SECRET_KEY;
  if (fromEnv) {
    if (!/^[0-9a-f]{64}$/i.test(fromEnv)) throw new Error('SECRET_KEY must be 64 hexadecimal characters (32 bytes).');
    return Buffer.from(fromEnv, 'hex');
  }
  if (cached?.db === db) return cached.key;
  await db
    .insert(serverSecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  const key = Buffer.from(row!.value, 'hex');
  cached = { db, key };
  return key;
}

export async function sealSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyFor(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret, or null when it cannot be opened (another key, a damaged value). */
export async function openSecret(db: Db, sealed: string): Promise<string | null> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', await keyFor(db), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
