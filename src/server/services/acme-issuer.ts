import { readFile } from 'node:fs/promises';
import { Agent } from 'node:https';
import { X509Certificate } from 'node:crypto';
import { Client, axios as acmeAxios, crypto as acmeCrypto, type Authorization } from 'acme-client';
import { eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { acmeAccounts, acmeChallenges } from '../db/schema/index';
import { openSecret, sealSecret } from './secret-box';
import { CertificateAuthorityUnavailable, CertificateRefused, SANDBOX_ISSUER, type CertificateIssuer, type IssuedCertificate } from './certificate-issuer';

/**
 * Certificates from an ACME directory (RFC 8555) through acme-client: Let's Encrypt in
 * production, Pebble in the tests and CI. The provider has one account per directory, its key
 * sealed in `acme_accounts`. Each name is proven with an HTTP-01 challenge, which the edge
 * answers from `acme_challenges` (edge/acme-challenge.ts) on its HTTP port, for whichever
 * process the authority's request reaches.
 */

export interface AcmeIssuerOptions {
  directoryUrl: string;
  /** The account's contact (ACME_EMAIL); Let's Encrypt writes to it about expiring certificates. */
  email?: string | null;
  /** A PEM bundle to trust for the directory's own TLS instead of the system's roots (ACME_CA_FILE; Pebble's certificate). */
  caFile?: string | null;
  /** How long one order may take, all polling included, before it is given up and asked again later. */
  budgetMs?: number;
  /** The first pause between two looks at a challenge or order the authority is still working on (doubling up to 5 s). */
  pollMs?: number;
}

/** An order's whole exchange must end well inside a task item's lease (30 s), which would otherwise let a second worker order again. */
const DEFAULT_BUDGET_MS = 20_000;
const DEFAULT_POLL_MS = 1_000;
const MAX_POLL_MS = 5_000;
/** How long the edge keeps answering a challenge: long past any order that has not been given up. */
const CHALLENGE_LIFETIME_MS = 3_600_000;

/**
 * acme-client's own HTTP retries wait 5, 10, 15 ... seconds: longer than an order's budget. One
 * retry is kept (a 429 or 503 with Retry-After), the task's attempts and the renewal's next run
 * do the rest. Requests get a time limit, which axios has none of by default. These are
 * settings of acme-client's one shared axios instance, which only this module uses; its
 * `acmeSettings` are not in acme-client's types.
 */
const settings = acmeAxios.defaults as typeof acmeAxios.defaults & { acmeSettings?: { retryMaxAttempts: number; retryDefaultDelay: number } };
if (settings.acmeSettings) settings.acmeSettings = { ...settings.acmeSettings, retryMaxAttempts: 1, retryDefaultDelay: 1 };
acmeAxios.defaults.timeout = 10_000;

/** The TLS agent of each directory origin that trusts a bundle of its own; other origins keep the system's roots. */
const agents = new Map<string, Promise<Agent>>();
acmeAxios.interceptors.request.use(async (config) => {
  const agent = config.url ? agents.get(originOf(config.url)) : undefined;
  if (agent) config.httpsAgent = await agent;
  return config;
});

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/** ACME_DIRECTORY_URL, ACME_EMAIL and ACME_CA_FILE (README "Configuration"); the sandbox issuer when no directory is set. */
export function issuerFromEnv(env = process.env): CertificateIssuer {
  const directoryUrl = env.ACME_DIRECTORY_URL?.trim();
  if (!directoryUrl) return SANDBOX_ISSUER;
  return createAcmeIssuer({ directoryUrl, email: env.ACME_EMAIL?.trim() || null, caFile: env.ACME_CA_FILE?.trim() || null });
}

export function createAcmeIssuer(options: AcmeIssuerOptions): CertificateIssuer {
  const { directoryUrl } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  if (options.caFile) {
    const caFile = options.caFile;
    // Read once; an unreadable file fails each order with its reason rather than the start.
    const agent = readFile(caFile, 'utf8').then(
      (ca) => new Agent({ ca }),
      (error: unknown) => {
        throw new CertificateAuthorityUnavailable(`ACME_CA_FILE ${caFile} could not be read: ${String(error)}`);
      },
    );
    agent.catch(() => undefined);
    agents.set(originOf(directoryUrl), agent);
  }
  let account: Promise<Client> | undefined;

  const clientFor = (db: Db): Promise<Client> => {
    account ??= openAccount(db, options, pollMs).catch((error: unknown) => {
      account = undefined;
      throw error;
    });
    return account;
  };

  return {
    description: `the ACME directory ${directoryUrl}${options.caFile ? ` (its TLS trusted through ${options.caFile})` : ''}`,
    async issue(db, names, now) {
      const work = clientFor(db).then((client) => order(db, client, directoryUrl, names, now));
      return classified(await withinBudget(work, budgetMs, directoryUrl), directoryUrl);
    },
  };
}

/**
 * The provider's account at the directory. The key is made once and kept; the account is asked
 * for again with it at each start of the process, since newAccount answers the existing account
 * of a key, or makes one should the authority have forgotten it (a test CA restarted).
 */
async function openAccount(db: Db, options: AcmeIssuerOptions, pollMs: number): Promise<Client> {
  const { directoryUrl } = options;
  const [stored] = await db.select().from(acmeAccounts).where(eq(acmeAccounts.directoryUrl, directoryUrl));
  let key = stored ? await openSecret(db, stored.accountKeySealed) : null;
  if (!key) {
    const made = (await acmeCrypto.createPrivateEcdsaKey('P-256')).toString();
    const sealed = await sealSecret(db, made);
    if (stored) {
      // Sealed with another SECRET_KEY: unreadable, so replaced by a key of a new account.
      await db.update(acmeAccounts).set({ accountKeySealed: sealed, accountUrl: '' }).where(eq(acmeAccounts.directoryUrl, directoryUrl));
      key = made;
    } else {
      // Another process may have made one meanwhile: theirs is kept and used by both.
      await db
        .insert(acmeAccounts)
        .values({ directoryUrl, accountUrl: '', email: options.email ?? null, accountKeySealed: sealed })
        .onConflictDoNothing();
      const [kept] = await db.select().from(acmeAccounts).where(eq(acmeAccounts.directoryUrl, directoryUrl));
      key = kept ? await openSecret(db, kept.accountKeySealed) : null;
      if (!key) throw new Error(`The ACME account key for ${directoryUrl} could not be read back.`);
    }
  }
  const client = new Client({ directoryUrl, accountKey: key, backoffAttempts: 30, backoffMin: pollMs, backoffMax: Math.max(pollMs, MAX_POLL_MS) });
  await client.createAccount({ termsOfServiceAgreed: true, ...(options.email ? { contact: [`mailto:${options.email}`] } : {}) });
  await db
    .update(acmeAccounts)
    .set({ accountUrl: client.getAccountUrl(), email: options.email ?? null })
    .where(eq(acmeAccounts.directoryUrl, directoryUrl));
  return client;
}

type HttpChallenge = Authorization['challenges'][number];

/** One order: every name proven over HTTP-01, a fresh key and its CSR, the chain downloaded. */
async function order(db: Db, client: Client, directoryUrl: string, names: readonly string[], now: Date): Promise<IssuedCertificate> {
  await db.delete(acmeChallenges).where(lt(acmeChallenges.expires, now));
  const placed = await client.createOrder({ identifiers: names.map((value) => ({ type: 'dns', value })) });
  const pending: { authz: Authorization; challenge: HttpChallenge }[] = [];
  for (const authz of await client.getAuthorizations(placed)) {
    // An authorisation still valid from an earlier order is reused by the authority.
    if (authz.status === 'valid') continue;
    const challenge = authz.challenges.find((c) => c.type === 'http-01');
    if (!challenge) throw new CertificateRefused(`The certificate authority offers no HTTP-01 challenge for ${authz.identifier.value}.`);
    pending.push({ authz, challenge });
  }
  const tokens = pending.map((p) => p.challenge.token);
  try {
    for (const { authz, challenge } of pending) {
      const keyAuthorization = await client.getChallengeKeyAuthorization(challenge);
      const expires = new Date(now.getTime() + CHALLENGE_LIFETIME_MS);
      await db
        .insert(acmeChallenges)
        .values({ token: challenge.token, name: authz.identifier.value.toLowerCase(), keyAuthorization, expires })
        .onConflictDoUpdate({ target: acmeChallenges.token, set: { name: authz.identifier.value.toLowerCase(), keyAuthorization, expires } });
    }
    // Told only once every answer is in place: the authority may check any of them at once.
    for (const { challenge } of pending) await client.completeChallenge(challenge);
    for (const { challenge } of pending) await client.waitForValidStatus(challenge);
  } finally {
    if (tokens.length) await db.delete(acmeChallenges).where(inArray(acmeChallenges.token, tokens));
  }
  const key = await acmeCrypto.createPrivateEcdsaKey('P-256');
  const [, csr] = await acmeCrypto.createCsr({ commonName: names[0], altNames: [...names] }, key);
  const finalized = await client.finalizeOrder(placed, csr);
  const chainPem = await client.getCertificate(finalized);
  const leaf = new X509Certificate(chainPem);
  return {
    issuer: issuerName(leaf) ?? directoryUrl,
    directoryUrl,
    serial: leaf.serialNumber.toLowerCase(),
    names: [...names],
    notBefore: leaf.validFromDate,
    notAfter: leaf.validToDate,
    chainPem,
    privateKeyPem: key.toString(),
  };
}

/**
 * The issuer as people know it: its organisation and common name ("Let's Encrypt R11"), or the
 * common name alone when it names the organisation already ("Pebble Intermediate CA 3fa561").
 */
function issuerName(certificate: X509Certificate): string | null {
  const fields = new Map(certificate.issuer.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const));
  const common = fields.get('CN');
  const organisation = fields.get('O');
  if (!common) return organisation ?? null;
  return organisation && !common.includes(organisation) ? `${organisation} ${common}` : common;
}

/** The order's outcome, or a CertificateAuthorityUnavailable once the budget is spent (the order may still end meanwhile, unused). */
async function withinBudget<T>(work: Promise<T>, budgetMs: number, directoryUrl: string): Promise<{ ok: T } | { error: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const spent = new Promise<{ error: unknown }>((resolve) => {
    timer = setTimeout(
      () => resolve({ error: new CertificateAuthorityUnavailable(`The certificate authority (${directoryUrl}) did not finish within ${Math.round(budgetMs / 1000)} s.`) }),
      budgetMs,
    );
  });
  // The order left behind must not end in an unhandled rejection.
  const settled = work.then(
    (ok) => ({ ok }),
    (error: unknown) => ({ error }),
  );
  try {
    return await Promise.race([settled, spent]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What went wrong, as the step and the renewal act on it: no answer at all (a network error, a
 * challenge or order still pending after every look) is worth asking again; an answer that says
 * no (a failed validation, a refused name) is the authority's word, passed on as it put it.
 */
function classified<T>(outcome: { ok: T } | { error: unknown }, directoryUrl: string): T {
  if ('ok' in outcome) return outcome.ok;
  const { error } = outcome;
  if (error instanceof CertificateRefused || error instanceof CertificateAuthorityUnavailable) throw error;
  const message = error instanceof Error ? error.message : String(error);
  // acme-client 5.4's response interceptor reads the response of a request that got none (a
  // refused connection, a time-out) and throws a TypeError in place of the network error.
  if (error instanceof TypeError) throw new CertificateAuthorityUnavailable(`The certificate authority (${directoryUrl}) did not answer.`);
  const network = typeof error === 'object' && error !== null && (error as { isAxiosError?: boolean }).isAxiosError === true && !(error as { response?: unknown }).response;
  if (network || message === 'Operation is pending or processing')
    throw new CertificateAuthorityUnavailable(`The certificate authority (${directoryUrl}) did not answer: ${message}`);
  throw new CertificateRefused(`The certificate authority refused the certificate: ${message}`);
}
