import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { domains, sslCertificates } from '../db/schema/index';
import type { CertificateIssuer, IssuedCertificate } from './certificate-issuer';
import { sealSecret } from './secret-box';

/**
 * A domain's certificate kept (schema certificates.ts) and renewed. The INSTALL_LETS_ENCRYPT step
 * stores the first one; the renewal run (jobs/boss.ts CERTIFICATES_QUEUE) replaces it before it
 * runs out. Only a certificate authority's certificates are kept and renewed: the sandbox
 * issuer's record is the domain's dates alone, with nothing to serve or renew.
 */

/** An issued certificate with its private key sealed, ready to be written in a transaction. */
export type SealedCertificate = Omit<IssuedCertificate, 'privateKeyPem'> & { privateKeySealed: string | null };

/** Sealed outside the transaction that stores it: the secret box may write its key on first use. */
export async function sealCertificate(db: Db, issued: IssuedCertificate): Promise<SealedCertificate> {
  const { privateKeyPem, ...rest } = issued;
  return { ...rest, privateKeySealed: privateKeyPem ? await sealSecret(db, privateKeyPem) : null };
}

/** The names a domain's certificate covers: the domain, and www. when asked for. */
export const certificateNames = (domain: string, includeWww: boolean): string[] => (includeWww ? [domain, `www.${domain}`] : [domain]);

/**
 * Let's Encrypt's advice: renew once two thirds of the lifetime has passed (30 days before the
 * end of 90). Counted from `now` on the server's clock rather than the certificate's dates.
 */
export const renewAfterOf = (certificate: { notBefore: Date; notAfter: Date }, now: Date) =>
  new Date(now.getTime() + Math.round(((certificate.notAfter.getTime() - certificate.notBefore.getTime()) * 2) / 3));

/** A renewal that failed is tried again this much later (Let's Encrypt allows 5 failed validations per name an hour). */
export const RENEWAL_RETRY_MS = 3_600_000;
/** Renewed per run at most; the rest wait for the next minute. */
const RENEWALS_PER_RUN = 20;

/**
 * Stores the domain's certificate (replacing the one it had). The domain's answer shows the
 * certificate's own dates: `date_created` its start of validity, `date_expires` its end.
 */
export async function saveCertificate(tx: Db, domainGuid: string, certificate: SealedCertificate, now: Date): Promise<void> {
  await tx.update(domains).set({ sslDateCreated: certificate.notBefore, sslDateExpires: certificate.notAfter, dateUpdated: now }).where(eq(domains.guid, domainGuid));
  if (!certificate.chainPem) {
    await tx.delete(sslCertificates).where(eq(sslCertificates.domainGuid, domainGuid));
    return;
  }
  const values = {
    issuer: certificate.issuer,
    directoryUrl: certificate.directoryUrl,
    serial: certificate.serial,
    names: certificate.names,
    chainPem: certificate.chainPem,
    privateKeySealed: certificate.privateKeySealed,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    renewAfter: renewAfterOf(certificate, now),
    renewalError: null,
    dateCreated: now,
  };
  await tx
    .insert(sslCertificates)
    .values({ domainGuid, ...values })
    .onConflictDoUpdate({ target: sslCertificates.domainGuid, set: values });
}

export interface RenewalDeps {
  db: Db;
  issuer: CertificateIssuer;
  now: Date;
  log: (message: string) => void;
}

/**
 * Renews the certificates that are due: of ACTIVE domains whose certificate is ACTIVE, issued
 * again by the issuer configured now (should no directory be set any more, the sandbox's record
 * replaces the certificate and its renewals end). Each is claimed first by moving its renewal an
 * hour on, so a run in another process passes it by, and a failure leaves it there with its
 * reason (the certificate serves on until it runs out). Answers how many were renewed and how
 * many failed.
 */
export async function renewDueCertificates({ db, issuer, now, log }: RenewalDeps): Promise<{ renewed: number; failed: number }> {
  const due = await db
    .select({ domainGuid: sslCertificates.domainGuid, domain: domains.domain, includeWww: domains.sslIncludeWww })
    .from(sslCertificates)
    .innerJoin(domains, eq(domains.guid, sslCertificates.domainGuid))
    .where(and(lte(sslCertificates.renewAfter, now), eq(domains.status, 'ACTIVE'), eq(domains.sslStatus, 'ACTIVE')))
    .orderBy(asc(sslCertificates.renewAfter))
    .limit(RENEWALS_PER_RUN);
  let renewed = 0;
  let failed = 0;
  for (const row of due) {
    const [claimed] = await db
      .update(sslCertificates)
      .set({ renewAfter: new Date(now.getTime() + RENEWAL_RETRY_MS) })
      .where(and(eq(sslCertificates.domainGuid, row.domainGuid), lte(sslCertificates.renewAfter, now)))
      .returning({ domainGuid: sslCertificates.domainGuid });
    if (!claimed) continue;
    try {
      const sealed = await sealCertificate(db, await issuer.issue(db, certificateNames(row.domain, row.includeWww), now));
      const stored = await db.transaction(async (tx) => {
        const [current] = await tx.select({ status: domains.status, ssl: domains.sslStatus }).from(domains).where(eq(domains.guid, row.domainGuid)).for('update');
        // Removed or uninstalled meanwhile: the new certificate is not wanted.
        if (current?.status !== 'ACTIVE' || current.ssl !== 'ACTIVE') return false;
        await saveCertificate(tx, row.domainGuid, sealed, now);
        return true;
      });
      if (stored) renewed++;
    } catch (error) {
      failed++;
      const reason = error instanceof Error ? error.message : String(error);
      log(`[hostdeck] the certificate of ${row.domain} was not renewed (tried again in an hour): ${reason}`);
      await db.update(sslCertificates).set({ renewalError: reason }).where(eq(sslCertificates.domainGuid, row.domainGuid));
    }
  }
  return { renewed, failed };
}
