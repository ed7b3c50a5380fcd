import { and, eq } from 'drizzle-orm';
import {
  browseFtpOp,
  importSoftwareOp,
  migrateSoftwareOp,
  testFtpOp,
  getSoftwareOp,
  installSoftwareOp,
  installSslOp,
  listSoftwareOp,
  revealSoftwarePasswordOp,
  uninstallSoftwareOp,
  uninstallSslOp,
  type SoftwareInstallation,
} from '../../lib/api/domain-software';
import { verifyPassword } from '../auth/passwords';
import type { Db } from '../db/connection';
import { domains, softwareCatalogue, softwareInstallations, users } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { needsActive, onCustomHost, visibleDomain } from '../services/domain-access';
import { openSecret, sealSecret } from '../services/secret-box';
import { taskAnswers } from '../services/task-answers';
import { listFolders, withFtp } from '../services/ftp-source';
import { detectSoftware } from '../services/site-files';
import { MIGRATE_SOFTWARE, type MigratePayload } from '../jobs/steps/software-migration';
import { INSTALL_SOFTWARE, INSTALL_SSL, UNINSTALL_SOFTWARE, UNINSTALL_SSL } from '../jobs/steps/domain-lifecycle';


export const SOFTWARE_NOT_INSTALLED = 'Software is not installed!';
export const PASSWORD_UNAVAILABLE = 'Password is unavailable!';
export const WRONG_ACCOUNT_PASSWORD = 'The password is not correct.';
export const SSL_REQUEST_PENDING = 'A certificate request for this domain is still pending with other choices. Ask again once it has finished.';


async function installationOf(db: Db, domain: string) {
  const [row] = await db
    .select({ s: softwareInstallations, key: softwareCatalogue.key, name: softwareCatalogue.name })
    .from(softwareInstallations)
    .innerJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
    .where(eq(softwareInstallations.domainGuid, domain));
  return row ?? null;
}


/** The drawer's SSL certificate and software dialogs (spec part 2, 2.5, 4.1 and 7.3). */
export const domainSoftwareOperations = [
  implement(installSslOp, async (c, { params, body }) => {
    const { db, jobs } = c.var.deps;
    const company = c.var.company;
    const d = await visibleDomain(db, company, params.guid, installSslOp.notFound);
    needsActive(d);
    const [row] = await db.select({ ssl: domains.sslStatus }).from(domains).where(eq(domains.guid, d.guid));
    if (row?.ssl === 'ACTIVE') throw problem(409, 'An SSL certificate is installed already.', { code: 'ssl_installed' });
    const { task, created } = await jobs.startTask(
      { companyGuid: company.guid, domainGroupGuid: d.groupGuid, kind: INSTALL_SSL, createdBy: c.var.viewer.userGuid, items: [{ action: 'INSTALL_LETS_ENCRYPT', domainGuid: d.guid, details: d.domain }] },
      {
        onePerDomain: d.guid,
        alongside: async (tx) => {
          await tx.update(domains).set({ sslStatus: 'PENDING', sslCertificateType: 'LETS_ENCRYPT', sslIncludeWww: body.include_www_subdomain }).where(eq(domains.guid, d.guid));
        },
      },
    );
    // A request still pending answers a repeat of it (a double click), but not a different one:
    // its task would issue what was asked first while this answer said the new ask was scheduled.
    if (!created) {
      const [pending] = await db.select({ www: domains.sslIncludeWww }).from(domains).where(eq(domains.guid, d.guid));
      if (pending?.www !== body.include_www_subdomain) throw problem(409, SSL_REQUEST_PENDING, { code: 'ssl_pending' });
    }
    return { message: "Let's Encrypt installation successfully scheduled!", task: (await taskAnswers(db, [task]))[0]! };
  }),

  implement(uninstallSslOp, async (c, { params }) => {
    const { db, jobs } = c.var.deps;
    const company = c.var.company;
    const d = await visibleDomain(db, company, params.guid, uninstallSslOp.notFound);
    const [row] = await db.select({ ssl: domains.sslStatus }).from(domains).where(eq(domains.guid, d.guid));
    if (row?.ssl !== 'ACTIVE') throw problem(409, row?.ssl ? 'The SSL certificate can be removed once it is installed.' : 'SSL certificate not installed!', { code: 'ssl_not_active' });
    const { task } = await jobs.startTask(
      { companyGuid: company.guid, domainGroupGuid: d.groupGuid, kind: UNINSTALL_SSL, createdBy: c.var.viewer.userGuid, items: [{ action: 'UNINSTALL_SSL_CERTIFICATE', domainGuid: d.guid, details: d.domain }] },
      {
        onePerDomain: d.guid,
        alongside: async (tx) => {
          await tx.update(domains).set({ sslStatus: 'UNINSTALLING' }).where(eq(domains.guid, d.guid));
        },
      },
    );
    return { message: 'SSL certificate update successfully scheduled!', task: (await taskAnswers(db, [task]))[0]! };
  }),

  implement(listSoftwareOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, listSoftwareOp.notFound);
    // Custom-host accounts are not ours to install on (spec part 2, 2.5: the Software card is hidden).
    if (await onCustomHost(db, d)) return { data: [] };
    const rows = await db
      .select({ id: softwareCatalogue.id, key: softwareCatalogue.key, name: softwareCatalogue.name, languages: softwareCatalogue.languages })
      .from(softwareCatalogue)
      .where(eq(softwareCatalogue.isActive, true))
      .orderBy(softwareCatalogue.position, softwareCatalogue.name);
    return { data: rows };
  }),

  implement(installSoftwareOp, async (c, { params, body }) => {
    const { db, jobs } = c.var.deps;
    const company = c.var.company;
    const d = await visibleDomain(db, company, params.guid, installSoftwareOp.notFound);
    needsActive(d);
    if (await onCustomHost(db, d)) throw problem(409, 'Software cannot be installed on a custom host account.', { code: 'custom_host' });
    const [software] = await db.select().from(softwareCatalogue).where(and(eq(softwareCatalogue.key, body.software), eq(softwareCatalogue.isActive, true)));
    if (!software) throw badRequest({ software: 'Please choose the software!' });
    if (software.languages.length ? !software.languages.includes(body.language) : body.language !== 'en') throw badRequest({ language: 'Please choose a language!' });
    if (await installationOf(db, d.guid)) throw problem(409, 'Software is installed on this domain already.', { code: 'software_installed' });
    const sealed = await sealSecret(db, body.admin_password);
    const installation = {
      companyGuid: company.guid,
      domainGuid: d.guid,
      softwareId: software.id,
      status: 'INSTALLING',
      protocol: body.protocol,
      language: body.language,
      installDirectory: body.install_directory,
      adminUsername: body.admin_username,
      adminPasswordSecret: sealed,
      adminEmail: body.admin_email,
      websiteName: body.website_name,
      websiteDescription: body.website_description,
    };
    const { task } = await jobs.startTask(
      {
        companyGuid: company.guid,
        domainGroupGuid: d.groupGuid,
        kind: INSTALL_SOFTWARE,
        createdBy: c.var.viewer.userGuid,
        items: [{ action: 'INSTALL_SOFTWARE', domainGuid: d.guid, details: d.domain, payload: { key: software.key, protocol: body.protocol } }],
      },
      {
        onePerDomain: d.guid,
        alongside: async (tx) => {
          await tx.insert(softwareInstallations).values(installation);
        },
      },
    );
    return { message: 'Software installation successfully scheduled!', task: (await taskAnswers(db, [task]))[0]! };
  }),

  implement(getSoftwareOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, getSoftwareOp.notFound);
    const row = await installationOf(db, d.guid);
    if (!row) throw notFound(SOFTWARE_NOT_INSTALLED);
    const { s } = row;
    const answer: SoftwareInstallation = {
      guid: s.guid,
      key: row.key,
      software_name: row.name,
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
    return answer;
  }),

  implement(uninstallSoftwareOp, async (c, { params }) => {
    const { db, jobs } = c.var.deps;
    const company = c.var.company;
    const d = await visibleDomain(db, company, params.guid, uninstallSoftwareOp.notFound);
    const row = await installationOf(db, d.guid);
    if (!row) throw problem(409, SOFTWARE_NOT_INSTALLED, { code: 'software_not_installed' });
    if (row.s.status !== 'ACTIVE') throw problem(409, 'The software can be uninstalled once it is ACTIVE.', { code: 'software_busy' });
    const { task } = await jobs.startTask(
      { companyGuid: company.guid, domainGroupGuid: d.groupGuid, kind: UNINSTALL_SOFTWARE, createdBy: c.var.viewer.userGuid, items: [{ action: 'UNINSTALL_SOFTWARE', domainGuid: d.guid, details: d.domain }] },
      {
        onePerDomain: d.guid,
        alongside: async (tx) => {
          await tx.update(softwareInstallations).set({ status: 'UNINSTALLING' }).where(eq(softwareInstallations.guid, row.s.guid));
        },
      },
    );
    return { message: 'Software update successfully scheduled!', task: (await taskAnswers(db, [task]))[0]! };
  }),

  implement(revealSoftwarePasswordOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, revealSoftwarePasswordOp.notFound);
    const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.guid, c.var.viewer.userGuid));
    if (!user || !(await verifyPassword(body.password, user.hash))) throw badRequest({ password: WRONG_ACCOUNT_PASSWORD }, 'wrong_password');
    const row = await installationOf(db, d.guid);
    if (!row) throw problem(409, SOFTWARE_NOT_INSTALLED, { code: 'software_not_installed' });
    const password = row.s.adminPasswordSecret ? await openSecret(db, row.s.adminPasswordSecret) : null;
    if (password === null) throw problem(409, PASSWORD_UNAVAILABLE, { code: 'password_unavailable' });
    return { data: { password } };
  }),
];

/** Migrate Software and Import (spec part 2, 2.5): an FTP server is the source, the domain's web root the destination. */
export const softwareMigrationOperations = [
  implement(testFtpOp, async (c, { params, body }) => {
    await visibleDomain(c.var.deps.db, c.var.company, params.guid, testFtpOp.notFound);
    await withFtp(body, async () => undefined);
    return { message: 'FTP connection successful!' };
  }),

  implement(browseFtpOp, async (c, { params, body }) => {
    await visibleDomain(c.var.deps.db, c.var.company, params.guid, browseFtpOp.notFound);
    return withFtp(body, (client) => listFolders(client, body.ftp_path));
  }),

  implement(migrateSoftwareOp, async (c, { params, body }) => {
    const { db, jobs } = c.var.deps;
    const company = c.var.company;
    const d = await visibleDomain(db, company, params.guid, migrateSoftwareOp.notFound);
    needsActive(d);
    if (await onCustomHost(db, d)) throw problem(409, 'Software cannot be migrated to a custom host account.', { code: 'custom_host' });
    const [software] = await db.select().from(softwareCatalogue).where(and(eq(softwareCatalogue.key, body.software), eq(softwareCatalogue.isActive, true)));
    if (!software) throw badRequest({ software: 'Please choose the software!' });
    if (await installationOf(db, d.guid)) throw problem(409, 'Software is installed on this domain already.', { code: 'software_installed' });
    // The details are checked now, so a typo is said at once rather than by a failed task.
    await withFtp(body, (client) => listFolders(client, body.ftp_path));
    const { ftp_password, ...source } = body;
    const payload: MigratePayload = { ...source, ftp_password_sealed: await sealSecret(db, ftp_password) };
    const { task } = await jobs.startTask(
      { companyGuid: company.guid, domainGroupGuid: d.groupGuid, kind: MIGRATE_SOFTWARE, createdBy: c.var.viewer.userGuid, items: [{ action: 'MIGRATE_FROM_FTP', domainGuid: d.guid, details: `${body.remote_domain} to ${d.domain}`, payload: { ...payload } }] },
      {
        onePerDomain: d.guid,
        alongside: async (tx) => {
          await tx.insert(softwareInstallations).values({ companyGuid: company.guid, domainGuid: d.guid, softwareId: software.id, status: 'INSTALLING', protocol: body.protocol, installDirectory: body.install_directory, websiteName: body.remote_domain });
        },
      },
    );
    return { message: 'Software migration task created!', task: (await taskAnswers(db, [task]))[0]! };
  }),

  implement(importSoftwareOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const d = await visibleDomain(db, company, params.guid, importSoftwareOp.notFound);
    if (await installationOf(db, d.guid)) throw problem(409, 'Software is installed on this domain already.', { code: 'software_installed' });
    const found = await detectSoftware(d.guid);
    if (!found) throw problem(404, 'No software installation was found on this domain.', { code: 'nothing_found' });
    const [software] = await db.select().from(softwareCatalogue).where(eq(softwareCatalogue.key, found.key));
    await db.insert(softwareInstallations).values({ companyGuid: company.guid, domainGuid: d.guid, softwareId: software!.id, status: 'ACTIVE', installDirectory: found.directory, isImported: true, dateInstalled: now() });
    const row = (await installationOf(db, d.guid))!;
    return {
      message: 'Software successfully imported!',
      software: {
        guid: row.s.guid,
        key: row.key,
        software_name: row.name,
        status: row.s.status,
        protocol: row.s.protocol,
        language: row.s.language,
        install_directory: row.s.installDirectory,
        username: row.s.adminUsername,
        admin_email: row.s.adminEmail,
        website_name: row.s.websiteName,
        is_imported: row.s.isImported,
        has_password: false,
        date_installed: row.s.dateInstalled?.toISOString() ?? null,
        date_created: row.s.dateCreated.toISOString(),
      },
    };
  }),
];
