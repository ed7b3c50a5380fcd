import { eq } from 'drizzle-orm';
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
} from '../../lib/api/domain-software';
import { verifyPassword } from '../auth/passwords';
import { softwareCatalogue, users } from '../db/schema/index';
import { badRequest, notFound } from '../http/errors';
import { implement } from '../http/operation';
import { onCustomHost, visibleDomain } from '../services/domain-access';
import { openSecret } from '../services/secret-box';
import { listFolders, withFtp } from '../services/ftp-source';
import { importSoftware, installationAnswer, installationOf, installSoftware, migrateSoftware, uninstallSoftware } from '../services/software-installs';
import { passwordUnavailable, SOFTWARE_NOT_INSTALLED, softwareNotInstalled } from '../services/software-refusals';
import { removeCertificate, requestCertificate } from '../services/ssl-requests';

const WRONG_ACCOUNT_PASSWORD = 'The password is not correct.';

/** The drawer's SSL certificate and software dialogs (spec part 2, 2.5, 4.1 and 7.3). */
export const domainSoftwareOperations = [
  implement(installSslOp, async (c, { params, body }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, installSslOp.notFound);
    return { message: "Let's Encrypt installation successfully scheduled!", task: await requestCertificate(c, d, body.include_www_subdomain) };
  }),

  implement(uninstallSslOp, async (c, { params }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, uninstallSslOp.notFound);
    return { message: 'SSL certificate update successfully scheduled!', task: await removeCertificate(c, d) };
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
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, installSoftwareOp.notFound);
    return { message: 'Software installation successfully scheduled!', task: await installSoftware(c, d, body) };
  }),

  implement(getSoftwareOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, getSoftwareOp.notFound);
    const row = await installationOf(db, d.guid);
    if (!row) throw notFound(SOFTWARE_NOT_INSTALLED);
    return installationAnswer(row);
  }),

  implement(uninstallSoftwareOp, async (c, { params }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, uninstallSoftwareOp.notFound);
    return { message: 'Software update successfully scheduled!', task: await uninstallSoftware(c, d) };
  }),

  implement(revealSoftwarePasswordOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, revealSoftwarePasswordOp.notFound);
    const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.guid, c.var.viewer.userGuid));
    if (!user || !(await verifyPassword(body.password, user.hash))) throw badRequest({ password: WRONG_ACCOUNT_PASSWORD }, 'wrong_password');
    const row = await installationOf(db, d.guid);
    if (!row) throw softwareNotInstalled();
    const password = row.s.adminPasswordSecret ? await openSecret(db, row.s.adminPasswordSecret) : null;
    if (password === null) throw passwordUnavailable();
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
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, migrateSoftwareOp.notFound);
    return { message: 'Software migration task created!', task: await migrateSoftware(c, d, body) };
  }),

  implement(importSoftwareOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, importSoftwareOp.notFound);
    return { message: 'Software successfully imported!', software: await importSoftware(db, d, now()) };
  }),
];
