import {
  dnsRecords,
  dnsZones,
  domainNotes,
  domains,
  emailForwarders,
  softwareInstallations,
  softwarePresetGroups,
  softwarePresetItems,
  softwarePresets,
  taskItems,
  tasks,
  urlRedirects,
} from '../db/schema/index';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { RR_TYPE } from '../dns/answer';
import { lookup } from '../dns/zones';
import { NOT_RESOLVING } from '../jobs/steps/domain-add';
import { INSTALL_SOFTWARE, INSTALL_SSL } from '../jobs/steps/domain-lifecycle';
import { insertChunked, type SeedContext } from './context';
import type { SeededDomain } from './domains';

const ADJECTIVES = ['brave', 'calm', 'eager', 'gentle', 'jolly', 'lively', 'proud', 'witty'];
const NOTES = [
  'Client: Acme Dental. Renewal handled by the client.',
  'Migrated from old host in March.',
  'Do not touch the theme: custom build.',
  'Waiting for new content batch.',
  'Affiliate site, check rankings monthly.',
  'Moved DNS to our nameservers.',
];
const ANIMALS = ['otter', 'falcon', 'badger', 'lynx', 'heron', 'panda', 'koala', 'marten'];

export async function seedPreset(ctx: SeedContext, companyGuid: string): Promise<string> {
  const { db } = ctx;
  const [preset] = await db
    .insert(softwarePresets)
    .values({ companyGuid, name: 'Standard Blog', softwareName: 'WORDPRESS', dateCreated: ctx.ago(100) })
    .returning({ guid: softwarePresets.guid });
  const [plugins, themes] = await db
    .insert(softwarePresetGroups)
    .values([
      { presetGuid: preset!.guid, name: 'SEO and security', groupType: 'PLUGINS', installAction: 'ALL', dateCreated: ctx.ago(100) },
      { presetGuid: preset!.guid, name: 'Light themes', groupType: 'THEMES', installAction: 'RANDOM', dateCreated: ctx.ago(100) },
    ])
    .returning({ guid: softwarePresetGroups.guid });
  const item = (groupGuid: string, name: string, slug: string, itemType: string) => ({ groupGuid, name, slug, itemType, dateCreated: ctx.ago(99) });
  await db
    .insert(softwarePresetItems)
    .values([
      item(plugins!.guid, 'Yoast SEO', 'wordpress-seo', 'PLUGIN'),
      item(plugins!.guid, 'Wordfence Security', 'wordfence', 'PLUGIN'),
      item(plugins!.guid, 'WP Super Cache', 'wp-super-cache', 'PLUGIN'),
      item(themes!.guid, 'Astra', 'astra', 'THEME'),
      item(themes!.guid, 'GeneratePress', 'generatepress', 'THEME'),
      item(themes!.guid, 'Kadence', 'kadence', 'THEME'),
    ]);
  return preset!.guid;
}

/** Installations, subdomains, DNS zones, forwarders, redirects, notes and group tasks for seeded domains. */
export async function seedDomainExtras(ctx: SeedContext, companyGuid: string, list: SeededDomain[], wordpressId: number, ownerEmail: string) {
  const { db, rng } = ctx;
  const installs = list
    .filter((d) => d.software)
    .map((d) => ({
      companyGuid,
      domainGuid: d.guid,
      softwareId: wordpressId,
      status: d.software!,
      protocol: d.sslStatus === 'ACTIVE' ? 'https://' : 'http://',
      adminUsername: `${rng.pick(ADJECTIVES)}${rng.pick(ANIMALS)}${rng.int(10, 99)}`,
      adminEmail: ownerEmail,
      websiteName: d.domain.split('.')[0],
      presetGuid: d.presetGuid,
      isImported: rng.chance(0.1),
      dateInstalled: d.software === 'ACTIVE' ? ctx.ago(rng.int(2, 90)) : null,
      dateCreated: ctx.ago(rng.int(2, 90)),
    }));
  await insertChunked(installs, 1000, (chunk) => db.insert(softwareInstallations).values(chunk));

  const hosted = list.filter((d) => d.status === 'ACTIVE' && !d.customHost && d.ipAddress);
  const subParents = hosted.slice(0, 6);
  if (subParents.length) {
    await db.insert(domains).values(
      subParents.map((p, i) => {
        const label = i === 5 ? '*' : (['blog', 'shop', 'dev', 'help', 'news'][i] ?? 'app');
        return {
          companyGuid,
          groupGuid: p.groupGuid,
          domain: `${label}.${p.domain}`,
          status: i === 4 ? 'PENDING' : 'ACTIVE',
          isSubdomain: true,
          isWildcard: label === '*',
          parentDomainGuid: p.guid,
          hostingType: 'SUBDOMAIN',
          hostingAccountGuid: p.hostingAccountGuid,
          isInCpanel: true,
          dateCreated: ctx.ago(rng.int(1, 30)),
        };
      }),
    );
  }

  const zoned = hosted.slice(0, 25);
  for (const [i, d] of zoned.entries()) {
    const [zone] = await db
      .insert(dnsZones)
      .values({
        companyGuid,
        domainGuid: d.guid,
        dnsType: i === 3 ? 'EXTERNAL' : 'INTERNAL',
        status: i === 7 ? 'PENDING' : 'ACTIVE',
        soaNameserver: 'ns1.hostdeck.test',
        soaEmail: `hostmaster.${d.domain}`,
        soaSerial: Number(`${ctx.now.toISOString().slice(0, 10).replace(/-/g, '')}0${(i % 9) + 1}`),
        dateCreated: ctx.ago(rng.int(10, 120)),
      })
      .returning({ guid: dnsZones.guid });
    const rec = (type: string, name: string, value: string, position = 0, ttl = 3600) => ({ zoneGuid: zone!.guid, type, name, value, ttl, position });
    await db
      .insert(dnsRecords)
      .values([
        rec('NS', '', 'ns1.hostdeck.test', 0, 86400),
        rec('NS', '', 'ns2.hostdeck.test', 1, 86400),
        rec('A', '', d.ipAddress!),
        rec('A', 'www', d.ipAddress!),
        rec('MX', '', `10 mail.${d.domain}`),
        rec('A', 'mail', d.ipAddress!),
        rec('TXT', '', 'v=spf1 a mx ~all', 0, 14400),
        ...(i % 3 === 0 ? [rec('CNAME', 'ftp', d.domain), rec('TXT', '_dmarc', 'v=DMARC1; p=none')] : []),
      ]);
  }

  // Every other live domain has the zone the provider set up, pointing where its seeded health
  // check found it, so the checks the API runs later agree with the seeded health.
  const zonedGuids = new Set(zoned.map((d) => d.guid));
  const plain = list.filter((d) => d.status === 'ACTIVE' && d.ipAddress && !d.nxdomain && !zonedGuids.has(d.guid));
  await insertChunked(plain, 500, async (chunk) => {
    const zones = await db
      .insert(dnsZones)
      .values(
        chunk.map((d) => ({
          companyGuid,
          domainGuid: d.guid,
          dnsType: 'INTERNAL',
          status: 'ACTIVE',
          soaNameserver: 'ns1.hostdeck.test',
          soaEmail: `hostmaster.${d.domain}`,
          soaSerial: Number(`${ctx.now.toISOString().slice(0, 10).replace(/-/g, '')}01`),
          dateCreated: ctx.ago(rng.int(10, 120)),
        })),
      )
      .returning({ guid: dnsZones.guid });
    await db.insert(dnsRecords).values(
      chunk.flatMap((d, i) => {
        const address = d.resolved ?? d.ipAddress!;
        const zoneGuid = zones[i]!.guid;
        return [
          { zoneGuid, type: 'NS', name: '', value: 'ns1.hostdeck.test', ttl: 86400, position: 0 },
          { zoneGuid, type: 'NS', name: '', value: 'ns2.hostdeck.test', ttl: 86400, position: 1 },
          { zoneGuid, type: 'A', name: '', value: address, ttl: 3600, position: 0 },
          { zoneGuid, type: 'A', name: 'www', value: address, ttl: 3600, position: 0 },
        ];
      }),
    );
  });

  const forwarded = hosted.slice(0, 5);
  if (forwarded.length) {
    await db.insert(emailForwarders).values(
      forwarded.map((d, i) => ({
        companyGuid,
        domainGuid: d.guid,
        address: i === 2 ? '*' : rng.pick(['info', 'contact', 'hello', 'sales']),
        isCatchall: i === 2,
        forwardAddress: ownerEmail,
        status: i === 4 ? 'PENDING' : 'ACTIVE',
        dateCreated: ctx.ago(rng.int(1, 60)),
      })),
    );
  }

  const redirected = hosted.slice(5, 9);
  if (redirected.length) {
    await db.insert(urlRedirects).values(
      redirected.map((d, i) => ({
        companyGuid,
        domainGuid: d.guid,
        urls: i === 0 ? ['/old-page', '/old-page-2'] : ['/blog/*'],
        destination: `https://${d.domain}/${i === 0 ? 'new-page' : 'articles/'}`,
        responseCode: i === 1 ? 302 : 301,
        status: i === 3 ? 'DISABLED' : 'ACTIVE',
        dateCreated: ctx.ago(rng.int(1, 60)),
      })),
    );
  }

  const noted = list.filter((d) => d.status === 'ACTIVE').slice(0, 6);
  if (noted.length) {
    await db.insert(domainNotes).values(
      noted.map((d, i) => ({
        domainGuid: d.guid,
        notes: NOTES[i % NOTES.length]!,
        dateUpdated: ctx.ago(rng.int(1, 40)),
      })),
    );
  }
  await seedTasks(ctx, companyGuid, list);
}

/** Certificates the seed shows in progress. */
const requested = (d: SeededDomain) => d.sslStatus === 'PENDING' || d.sslStatus === 'INSTALLING';

/**
 * Whether the job engine's Let's Encrypt step can go ahead for a domain: its name resolves, through
 * the zones seeded so far (what the DNS server answers), to its assigned address. Otherwise the
 * step would wait a day for it and fail.
 */
async function resolvesToItsAddress(db: Db, d: SeededDomain): Promise<boolean> {
  if (!d.ipAddress) return false;
  const found = await lookup(db, d.domain, RR_TYPE.A);
  return found.answer.some((r) => r.data.type === 'A' && r.data.address === d.ipAddress);
}

/**
 * Provisioning per group: finished additions and failures as history, and the certificates and
 * software shown in progress as tasks the job engine carries out once it starts (so every task
 * ends). A requested certificate the engine could never issue is seeded as the failure it would
 * become, rather than as a task that waits forever.
 */
async function seedTasks(ctx: SeedContext, companyGuid: string, seeded: SeededDomain[]) {
  const { db } = ctx;
  const stuck = new Set<string>();
  for (const d of seeded) if (requested(d) && !(await resolvesToItsAddress(db, d))) stuck.add(d.guid);
  if (stuck.size)
    await db
      .update(domains)
      .set({ sslStatus: 'FAILURE' })
      .where(inArray(domains.guid, [...stuck]));
  const list = seeded.map((d) => (stuck.has(d.guid) ? { ...d, sslStatus: 'FAILURE' } : d));
  const byGroup = Map.groupBy(list, (d) => d.groupGuid);
  for (const [groupGuid, group] of byGroup) {
    const done = group.slice(0, 5);
    const failed = group.filter((d) => d.sslStatus === 'FAILURE' || d.software === 'FAILURE');
    const task = async (
      kind: string,
      status: string,
      items: { d: SeededDomain; action: string; status: string; error?: string; payload?: Record<string, unknown> }[],
      daysAgo: number,
    ) => {
      if (items.length === 0) return;
      const completed = items.filter((i) => i.status === 'COMPLETED').length;
      const [t] = await db
        .insert(tasks)
        .values({
          companyGuid,
          domainGroupGuid: groupGuid,
          kind,
          status,
          progressPercentage: Math.round((completed / items.length) * 100),
          dateCompleted: status === 'COMPLETED' || status === 'FAILURE' ? ctx.ago(daysAgo, -1) : null,
          dateCreated: ctx.ago(daysAgo),
        })
        .returning({ guid: tasks.guid });
      await db.insert(taskItems).values(
        items.map((it, position) => ({
          taskGuid: t!.guid,
          domainGuid: it.d.guid,
          action: it.action,
          status: it.status,
          details: it.d.domain,
          error: it.error ?? null,
          payload: it.payload ?? { domain_guid: it.d.guid },
          attempts: it.status === 'PENDING' ? 0 : 1,
          position,
          // Due at once: the engine takes them up when it starts.
          runAfter: ctx.ago(daysAgo),
          dateCompleted: it.status === 'COMPLETED' || it.status === 'FAILURE' ? ctx.ago(daysAgo, -1) : null,
          dateCreated: ctx.ago(daysAgo),
        })),
      );
    };
    await task(
      'ADD_DOMAINS',
      'COMPLETED',
      done.map((d) => ({ d, action: 'CREATE_DOMAIN', status: 'COMPLETED' })),
      30,
    );
    // In progress, as the drawer's dialogs start them: the steps the engine runs (jobs/steps), nothing begun yet.
    await task(
      INSTALL_SSL,
      'PENDING',
      group.filter(requested).map((d) => ({ d, action: 'INSTALL_LETS_ENCRYPT', status: 'PENDING' })),
      0,
    );
    await task(
      INSTALL_SOFTWARE,
      'PENDING',
      group
        .filter((d) => d.software === 'INSTALLING')
        .map((d) => ({ d, action: 'INSTALL_SOFTWARE', status: 'PENDING', payload: { key: 'WORDPRESS', protocol: d.sslStatus === 'ACTIVE' ? 'https://' : 'http://' } })),
      0,
    );
    await task(
      'INSTALL_SSL',
      'FAILURE',
      failed.map((d) => ({
        d,
        action: d.sslStatus === 'FAILURE' ? 'INSTALL_LETS_ENCRYPT' : 'INSTALL_WORDPRESS',
        status: 'FAILURE',
        error: d.sslStatus === 'FAILURE' ? NOT_RESOLVING : 'The installer timed out.',
      })),
      3,
    );
  }
}
