import { and, eq } from 'drizzle-orm';
import { generateUsername } from '../../../lib/rules/software-credentials';
import { dnsRecords, dnsZones, domains, ipAddresses, softwareCatalogue, softwareInstallations } from '../../db/schema/index';
import { defaultRecords, defaultSoa } from '../../services/dns-defaults';
import type { NewTaskItem } from '../store';
import { nextSerial } from './dns-zone';
import type { Resolution } from '../../dns/resolver';
import { CertificateAuthorityUnavailable, CertificateRefused } from '../../services/certificate-issuer';
import { certificateNames, saveCertificate, sealCertificate, type SealedCertificate } from '../../services/certificates';
import { StepFailure, StepWaiting, type Step, type StepContext } from './step';

/**
 * Adding domains (spec part 2, 2.8 and 7.2 `POST /domains/`) as a provider's backend would:
 * the domain created with its DNS zone, then, as asked, a Let's Encrypt certificate and
 * software. One task for the whole submission, its items in order domain by domain.
 */
export const ADD_DOMAINS = 'ADD_DOMAINS';

/** The sentence a certificate request fails with after a day of waiting (as the seeded failures say). */
export const NOT_RESOLVING = 'The domain does not resolve to its assigned IP address.';

export interface AddedDomain {
  guid: string;
  domain: string;
  installLetsEncrypt: boolean;
  software: { key: string; protocol: string; preset: string | null; adminEmail: string } | null;
}

export function addDomainItems(added: readonly AddedDomain[]): NewTaskItem[] {
  return added.flatMap((d) => [
    { action: 'CREATE_DOMAIN', domainGuid: d.guid, details: d.domain },
    ...(d.installLetsEncrypt ? [{ action: 'INSTALL_LETS_ENCRYPT', domainGuid: d.guid, details: d.domain }] : []),
    ...(d.software ? [{ action: 'INSTALL_SOFTWARE', domainGuid: d.guid, details: d.domain, payload: { ...d.software } }] : []),
  ]);
}

async function domainOf({ tx, item }: StepContext) {
  if (!item.domainGuid) throw new StepFailure('The domain no longer exists.');
  const [row] = await tx
    .select({ d: domains, ip: ipAddresses.ipAddress })
    .from(domains)
    .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
    .where(eq(domains.guid, item.domainGuid))
    .for('update', { of: domains });
  if (!row) throw new StepFailure('The domain no longer exists.');
  return row;
}

/** The domain goes live with the provider's zone: our nameservers, the domain, www and mail on its address. */
const createDomain: Step = {
  checkDomainSoon: true,
  async run(context) {
    const { tx, now } = context;
    const { d, ip } = await domainOf(context);
    const soa = defaultSoa(d.domain);
    const [zone] = await tx
      .insert(dnsZones)
      .values({
        companyGuid: d.companyGuid,
        domainGuid: d.guid,
        status: 'ACTIVE',
        soaNameserver: soa.nameserver,
        soaEmail: soa.email,
        soaSerial: nextSerial(0, now),
        soaRefresh: soa.refresh,
        soaRetry: soa.retry,
        soaExpiry: soa.expiry,
        soaTtl: soa.ttl,
        dateUpdated: now,
      })
      .returning({ guid: dnsZones.guid });
    await tx.insert(dnsRecords).values(defaultRecords(d.domain, ip).map((r) => ({ ...r, zoneGuid: zone!.guid, dateCreated: now })));
    await tx.update(domains).set({ status: 'ACTIVE', dateUpdated: now }).where(eq(domains.guid, d.guid));
  },
};

/** What the Let's Encrypt step found before its transaction: the names in DNS, then the certificate once they resolve. */
interface CertificateLookup {
  name: string;
  address: Resolution;
  /** Only when the certificate is to include www. */
  www: Resolution | null;
  /** Issued when the names resolved as they must, for these names. */
  issued: SealedCertificate | null;
}

/**
 * Why a certificate cannot be issued yet (a StepWaiting) or at all (a StepFailure), or null when
 * the domain resolves, through the reference API's DNS server, to its assigned address (and www
 * resolves too when it is to be included).
 */
function notReady(domain: string, ip: string | null, includeWww: boolean, found: Pick<CertificateLookup, 'address' | 'www'>): StepWaiting | StepFailure | null {
  if (found.address.kind === 'unreachable') return new StepWaiting(`Waiting for the DNS server to answer for ${domain}.`, NOT_RESOLVING);
  if (!ip || found.address.kind !== 'addresses' || !found.address.addresses.includes(ip)) {
    const state =
      found.address.kind === 'nxdomain'
        ? 'it does not resolve yet'
        : found.address.addresses.length
          ? `it resolves to ${found.address.addresses.join(', ')}`
          : 'it has no A record';
    return new StepWaiting(`Waiting for ${domain} to resolve to its assigned IP address ${ip ?? ''} (${state}).`, NOT_RESOLVING);
  }
  if (includeWww && (found.www?.kind !== 'addresses' || found.www.addresses.length === 0)) {
    return new StepFailure(`www.${domain} has no DNS record, so the certificate cannot include it. Add the record, then request the certificate again.`);
  }
  return null;
}

/**
 * A Let's Encrypt certificate (spec part 2, 4.1): PENDING until the domain resolves to its
 * assigned address; then issued by the configured issuer, outside the transaction (an ACME
 * order proves each name over HTTP-01, which the edge answers from the database): the ACME
 * directory's certificate, or the sandbox issuer's record when no directory is configured. An
 * authority that does not answer is waited for; one that refuses fails the request with its
 * reason. With www included, www must resolve too.
 */
const installLetsEncrypt: Step = {
  async observe({ db, item, resolver, certificates, now }): Promise<CertificateLookup | null> {
    if (!item.domainGuid) return null;
    const [d] = await db
      .select({ domain: domains.domain, www: domains.sslIncludeWww, ip: ipAddresses.ipAddress })
      .from(domains)
      .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
      .where(eq(domains.guid, item.domainGuid));
    if (!d) return null;
    const found = { name: d.domain, address: await resolver.addresses(d.domain), www: d.www ? await resolver.addresses(`www.${d.domain}`) : null };
    if (notReady(d.domain, d.ip, d.www, found)) return { ...found, issued: null };
    try {
      return { ...found, issued: await sealCertificate(db, await certificates.issue(db, certificateNames(d.domain, d.www), now)) };
    } catch (error) {
      if (error instanceof CertificateRefused) throw new StepFailure(error.message);
      if (error instanceof CertificateAuthorityUnavailable)
        throw new StepWaiting(`Waiting for the certificate authority: ${error.message}`, `${error.message} The certificate was not issued within a day.`);
      throw error;
    }
  },
  async run(context) {
    const { tx, now } = context;
    const { d, ip } = await domainOf(context);
    const found = context.observed as CertificateLookup | null;
    if (!found || found.name !== d.domain) throw new Error(`${d.domain} was not looked up.`);
    const waiting = notReady(d.domain, ip, d.sslIncludeWww, found);
    if (waiting) throw waiting;
    const names = certificateNames(d.domain, d.sslIncludeWww);
    // The address or the www choice changed since the look: what was issued (if anything) is not what is wanted now.
    if (!found.issued || found.issued.names.join() !== names.join()) throw new Error(`The certificate issued does not cover ${names.join(', ')}.`);
    await saveCertificate(tx, d.guid, found.issued, now);
    await tx.update(domains).set({ sslStatus: 'ACTIVE', sslCertificateType: 'LETS_ENCRYPT', dateUpdated: now }).where(eq(domains.guid, d.guid));
  },
  // A certificate that will not be issued (www without a record, a day of waiting) is a failed
  // request, not one still pending; the domain may ask again.
  async failed({ tx, item, now }) {
    if (!item.domainGuid) return;
    await tx
      .update(domains)
      .set({ sslStatus: 'FAILURE', dateUpdated: now })
      .where(and(eq(domains.guid, item.domainGuid), eq(domains.sslStatus, 'PENDING')));
  },
};

/**
 * Software goes live. From the wizard it is installed with a generated admin username and no
 * password kept ('Password is unavailable!'); from the drawer's form the row already holds the
 * choices and the sealed password, and only its status moves on.
 */
const installSoftware: Step = {
  async run(context) {
    const { tx, now, item } = context;
    const { d } = await domainOf(context);
    const payload = item.payload as { key?: string; protocol?: string; preset?: string | null; adminEmail?: string };
    const [software] = await tx
      .select({ id: softwareCatalogue.id })
      .from(softwareCatalogue)
      .where(eq(softwareCatalogue.key, payload.key ?? ''));
    if (!software) throw new StepFailure(`Unknown software ${payload.key ?? ''}.`);
    await tx
      .insert(softwareInstallations)
      .values({
        companyGuid: d.companyGuid,
        domainGuid: d.guid,
        softwareId: software.id,
        status: 'ACTIVE',
        protocol: payload.protocol ?? 'https://',
        adminUsername: generateUsername(),
        adminEmail: payload.adminEmail ?? null,
        presetGuid: payload.preset ?? null,
        dateInstalled: now,
      })
      // Installed from the drawer, the row waits as INSTALLING with the form's choices: it goes live.
      .onConflictDoUpdate({ target: softwareInstallations.domainGuid, set: { status: 'ACTIVE', dateInstalled: now } });
  },
};

export const domainAddSteps: Record<string, Step> = {
  CREATE_DOMAIN: createDomain,
  INSTALL_LETS_ENCRYPT: installLetsEncrypt,
  INSTALL_SOFTWARE: installSoftware,
};
