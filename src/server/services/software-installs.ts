import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { installSoftwareOp, migrateSoftwareOp, SoftwareInstallation } from '../../lib/api/domain-software';
import type { Task } from '../../lib/api/tasks';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/locks';
import { softwareCatalogue, softwareInstallations } from '../db/schema/index';
import { badRequest, problem } from '../http/errors';
import { INSTALL_SOFTWARE, UNINSTALL_SOFTWARE } from '../jobs/steps/domain-lifecycle';
import { MIGRATE_SOFTWARE, type MigratePayload } from '../jobs/steps/software-migration';
import type { NewTaskItem } from '../jobs/store';
import { needsActive, onCustomHost, type DomainRef } from './domain-access';
import { lockDomain, startCheckedTask } from './domain-tasks';
import { listFolders, withFtp } from './ftp-source';
import { sealSecret } from './secret-box';
import { detectSoftware } from './site-files';
import { softwareNotInstalled } from './software-refusals';
import { taskAnswers } from './task-answers';

/**
 * A domain's software installed, migrated from FTP, imported from its web root and uninstalled
 * (spec part 2, 2.5 and 7.3); one installation a domain. What a change depends on is checked
 * once at once, so a refusal starts nothing (nor an FTP connection), and again under the
 * domain's lock in the transaction that writes, where it counts: an install, a migration and an
 * import at the same moment cannot all find the domain free.
 */

type InstallForm = ParsedInput<typeof installSoftwareOp>['body'];
type MigrateForm = ParsedInput<typeof migrateSoftwareOp>['body'];
type NewInstallation = typeof softwareInstallations.$inferInsert;

const installedAlready = () => problem(409, 'Software is installed on this domain already.', { code: 'software_installed' });

/** One installation a domain (software_installations_domain_key): a row the checks could not see yet is answered as they would. */
const oneInstallation = <T>(write: Promise<T>): Promise<T> =>
  write.catch((error: unknown) => {
    throw isUniqueViolation(error) ? installedAlready() : error;
  });

/** The domain's installation with its catalogue entry, or null. */
export async function installationOf(q: Db, domain: string) {
  const [row] = await q
    .select({ s: softwareInstallations, key: softwareCatalogue.key, name: softwareCatalogue.name })
    .from(softwareInstallations)
    .innerJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
    .where(eq(softwareInstallations.domainGuid, domain));
  return row ?? null;
}

/** The Software Info dialog's answer (spec part 2, 3 "software"). */
export function installationAnswer({ s, key, name }: NonNullable<Awaited<ReturnType<typeof installationOf>>>): SoftwareInstallation {
  return {
    guid: s.guid,
    key,
    software_name: name,
    status: s.status,
    protocol: s.protocol,
    language: s.language,
    install_directory: s.installDirectory,
    username: s.adminUsername,
    admin_email: s.adminEmail,
    website_name: s.websiteName,
    is_imported: s.isImported,
    has_password: s.adminPasswordSecret !== null,
    date_installed: s.dateInstalled?.toISOString() ?? null,
    date_created: s.dateCreated.toISOString(),
  };
}

async function refuseInstalled(q: Db, d: DomainRef): Promise<void> {
  if (await installationOf(q, d.guid)) throw installedAlready();
}

/** Software goes onto an ACTIVE domain of our hosting that has none; `customHost` says it of a custom host account. */
async function refuseSoftware(q: Db, d: DomainRef, customHost: string): Promise<void> {
  needsActive(d);
  if (await onCustomHost(q, d)) throw problem(409, customHost, { code: 'custom_host' });
  await refuseInstalled(q, d);
}

/** The active catalogue entry the form names. */
async function softwareOf(db: Db, key: string) {
  const [software] = await db
    .select()
    .from(softwareCatalogue)
    .where(and(eq(softwareCatalogue.key, key), eq(softwareCatalogue.isActive, true)));
  if (!software) throw badRequest({ software: 'Please choose the software!' });
  return software;
}

/**
 * Starts the task that puts software on the domain, its installation row written in the task's
 * transaction after the checks ran again under the domain's lock. An unfinished task of the kind
 * for the domain wrote its own row: the software is there already.
 */
async function startInstall(c: Context<AppEnv>, d: DomainRef, kind: string, items: NewTaskItem[], row: NewInstallation, customHost: string): Promise<Task> {
  const refuse = (q: Db, current: DomainRef) => refuseSoftware(q, current, customHost);
  const { task, created } = await oneInstallation(
    startCheckedTask(c, d, kind, items, refuse, async (tx) => {
      await tx.insert(softwareInstallations).values(row);
    }),
  );
  if (!created) throw installedAlready();
  return (await taskAnswers(c.var.deps.db, [task]))[0]!;
}

const ON_CUSTOM_HOST = { install: 'Software cannot be installed on a custom host account.', migrate: 'Software cannot be migrated to a custom host account.' } as const;

/** Installs software from the Install Software form, its admin password sealed. */
export async function installSoftware(c: Context<AppEnv>, d: DomainRef, body: InstallForm): Promise<Task> {
  const { db } = c.var.deps;
  const software = await softwareOf(db, body.software);
  if (software.languages.length ? !software.languages.includes(body.language) : body.language !== 'en') throw badRequest({ language: 'Please choose a language!' });
  await refuseSoftware(db, d, ON_CUSTOM_HOST.install);
  const row: NewInstallation = {
    companyGuid: d.companyGuid,
    domainGuid: d.guid,
    softwareId: software.id,
    status: 'INSTALLING',
    protocol: body.protocol,
    language: body.language,
    installDirectory: body.install_directory,
    adminUsername: body.admin_username,
    adminPasswordSecret: await sealSecret(db, body.admin_password),
    adminEmail: body.admin_email,
    websiteName: body.website_name,
    websiteDescription: body.website_description,
  };
  const items = [{ action: 'INSTALL_SOFTWARE', domainGuid: d.guid, details: d.domain, payload: { key: software.key, protocol: body.protocol } }];
  return startInstall(c, d, INSTALL_SOFTWARE, items, row, ON_CUSTOM_HOST.install);
}

/** Copies a site from an FTP server into the web root; the FTP details are tried first, so a typo is said at once rather than by a failed task. */
export async function migrateSoftware(c: Context<AppEnv>, d: DomainRef, body: MigrateForm): Promise<Task> {
  const { db } = c.var.deps;
  const software = await softwareOf(db, body.software);
  await refuseSoftware(db, d, ON_CUSTOM_HOST.migrate);
  await withFtp(body, (client) => listFolders(client, body.ftp_path));
  const { ftp_password, ...source } = body;
  const payload: MigratePayload = { ...source, ftp_password_sealed: await sealSecret(db, ftp_password) };
  const items = [{ action: 'MIGRATE_FROM_FTP', domainGuid: d.guid, details: `${body.remote_domain} to ${d.domain}`, payload: { ...payload } }];
  const row: NewInstallation = {
    companyGuid: d.companyGuid,
    domainGuid: d.guid,
    softwareId: software.id,
    status: 'INSTALLING',
    protocol: body.protocol,
    installDirectory: body.install_directory,
    websiteName: body.remote_domain,
  };
  return startInstall(c, d, MIGRATE_SOFTWARE, items, row, ON_CUSTOM_HOST.migrate);
}

/** Records the software found in the domain's web root as an ACTIVE, imported installation. */
export async function importSoftware(db: Db, d: DomainRef, now: Date): Promise<SoftwareInstallation> {
  await refuseInstalled(db, d);
  const found = await detectSoftware(d.guid);
  if (!found) throw problem(404, 'No software installation was found on this domain.', { code: 'nothing_found' });
  const [software] = await db.select().from(softwareCatalogue).where(eq(softwareCatalogue.key, found.key));
  await oneInstallation(
    db.transaction(async (tx) => {
      await refuseInstalled(tx, await lockDomain(tx, d));
      await tx.insert(softwareInstallations).values({
        companyGuid: d.companyGuid,
        domainGuid: d.guid,
        softwareId: software!.id,
        status: 'ACTIVE',
        installDirectory: found.directory,
        isImported: true,
        dateInstalled: now,
      });
    }),
  );
  return installationAnswer((await installationOf(db, d.guid))!);
}

/** An uninstall waits for ACTIVE software. */
async function refuseUninstall(q: Db, d: DomainRef) {
  const row = await installationOf(q, d.guid);
  if (!row) throw softwareNotInstalled();
  if (row.s.status !== 'ACTIVE') throw problem(409, 'The software can be uninstalled once it is ACTIVE.', { code: 'software_busy' });
  return row;
}

/** Schedules the removal of the domain's ACTIVE software. */
export async function uninstallSoftware(c: Context<AppEnv>, d: DomainRef): Promise<Task> {
  const { db } = c.var.deps;
  await refuseUninstall(db, d);
  const items = [{ action: 'UNINSTALL_SOFTWARE', domainGuid: d.guid, details: d.domain }];
  const { task } = await startCheckedTask(c, d, UNINSTALL_SOFTWARE, items, refuseUninstall, async (tx, row) => {
    await tx.update(softwareInstallations).set({ status: 'UNINSTALLING' }).where(eq(softwareInstallations.guid, row.s.guid));
  });
  return (await taskAnswers(db, [task]))[0]!;
}
