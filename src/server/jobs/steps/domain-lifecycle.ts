import { and, eq, inArray } from 'drizzle-orm';
import { nextSerial } from '../../services/dns-defaults';
import { recordBaseline, recordVersion } from '../../services/dns-zones';
import { dnsRecords, dnsZones, domains, softwareInstallations, sslCertificates } from '../../db/schema/index';
import { StepFailure, type Step, type StepContext } from './step';

/**
 * A domain's removal and the removal of its certificate or software (spec part 2, 4.1 and 7.2-7.3),
 * each a step of the task that asked for it: the single delete, or a bulk action.
 */
export const DELETE_DOMAIN = 'DELETE_DOMAIN';
export const BULK_ACTION = 'BULK_ACTION';
/** Task kinds of the drawer's SSL and software dialogs; their steps are those of adding domains and these. */
export const INSTALL_SSL = 'INSTALL_SSL';
export const UNINSTALL_SSL = 'UNINSTALL_SSL';
export const INSTALL_SOFTWARE = 'INSTALL_SOFTWARE';
export const UNINSTALL_SOFTWARE = 'UNINSTALL_SOFTWARE';

async function lockedDomain({ tx, item }: StepContext) {
  if (!item.domainGuid) throw new StepFailure('The domain no longer exists.');
  const [d] = await tx.select().from(domains).where(eq(domains.guid, item.domainGuid)).for('update');
  if (!d) throw new StepFailure('The domain no longer exists.');
  return d;
}

/** The domain, its subdomains, zone, redirects, forwarders and installation go (their rows cascade). */
const deleteDomain: Step = {
  async run(context) {
    const { tx, now } = context;
    const d = await lockedDomain(context);
    // A subdomain's record lives in its parent's zone: it goes too, as a change the zone's history records.
    if (d.parentDomainGuid) {
      const [parent] = await tx.select({ domain: domains.domain }).from(domains).where(eq(domains.guid, d.parentDomainGuid));
      const [zone] = await tx.select().from(dnsZones).where(eq(dnsZones.domainGuid, d.parentDomainGuid)).for('update');
      if (parent && zone && d.domain.endsWith(`.${parent.domain}`)) {
        const name = d.domain.slice(0, -(parent.domain.length + 1));
        await recordBaseline(tx, zone);
        const removed = await tx
          .delete(dnsRecords)
          .where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.name, name), inArray(dnsRecords.type, ['A', 'CNAME'])))
          .returning({ guid: dnsRecords.guid });
        if (removed.length) {
          const [updated] = await tx
            .update(dnsZones)
            .set({ soaSerial: nextSerial(zone.soaSerial, now), dateUpdated: now })
            .where(eq(dnsZones.guid, zone.guid))
            .returning();
          await recordVersion(tx, updated!, null, `Deleted the subdomain ${name}`, now);
        }
      }
    }
    await tx.delete(domains).where(eq(domains.guid, d.guid));
  },
};

/** The certificate goes with its key, so the TLS edge no longer serves it. */
const uninstallSsl: Step = {
  async run(context) {
    const d = await lockedDomain(context);
    await context.tx.delete(sslCertificates).where(eq(sslCertificates.domainGuid, d.guid));
    await context.tx
      .update(domains)
      .set({ sslStatus: null, sslCertificateType: null, sslIncludeWww: false, sslDateCreated: null, sslDateExpires: null, redirectToHttps: false, dateUpdated: context.now })
      .where(eq(domains.guid, d.guid));
  },
};

const uninstallSoftware: Step = {
  async run(context) {
    const d = await lockedDomain(context);
    await context.tx.delete(softwareInstallations).where(eq(softwareInstallations.domainGuid, d.guid));
  },
};

export const domainLifecycleSteps: Record<string, Step> = {
  DELETE_DOMAIN: deleteDomain,
  UNINSTALL_SSL_CERTIFICATE: uninstallSsl,
  UNINSTALL_SOFTWARE: uninstallSoftware,
};
