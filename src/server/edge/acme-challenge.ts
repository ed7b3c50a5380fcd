import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { acmeChallenges } from '../db/schema/index';

/**
 * HTTP-01 (RFC 8555, 8.3): the certificate authority asks
 * `http://<name>/.well-known/acme-challenge/<token>` and expects the key authorisation of a
 * challenge still pending for that very name (services/acme-issuer.ts writes them). Answered
 * before the firewall and the switches: a customer's rules or an HTTPS redirect must not stand
 * between a domain and its certificate.
 */
export const ACME_CHALLENGE_PREFIX = '/.well-known/acme-challenge/';

/** The key authorisation to answer, or null when the path is no pending challenge of `host`. */
export async function challengeAnswer(db: Db, host: string, target: string, now: Date): Promise<string | null> {
  if (!target.startsWith(ACME_CHALLENGE_PREFIX)) return null;
  const token = target.slice(ACME_CHALLENGE_PREFIX.length).split('?')[0] ?? '';
  // RFC 8555: a token is base64url; anything else cannot be one.
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const [row] = await db
    .select({ keyAuthorization: acmeChallenges.keyAuthorization })
    .from(acmeChallenges)
    .where(and(eq(acmeChallenges.token, token), eq(acmeChallenges.name, host), gt(acmeChallenges.expires, now)));
  return row?.keyAuthorization ?? null;
}
