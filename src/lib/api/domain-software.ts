import { z } from 'zod';
import { domainSoftwareRoutes } from '../requests/domain-software';
import { installSoftwareSchema, installSslSchema, softwarePasswordSchema } from '../schemas/domain-software';
import { ftpBrowseSchema, ftpDetailsSchema, migrateSchema } from '../schemas/ftp';
import { defineOperation, guidParam } from './define';
import { task } from './tasks';

/** A domain's SSL certificate and software (spec part 2, 2.5, 3 and 7.3). */

const params = z.object({ guid: guidParam });
const notFound = 'Domain not found.';
const scheduled = z.object({ message: z.string(), task });

export const installSslOp = defineOperation({
  ...domainSoftwareRoutes.installSsl,
  area: 'domains',
  summary: "Requests a Let's Encrypt certificate (a task; issued once the domain resolves to its address)",
  params,
  body: installSslSchema,
  answer: scheduled,
  status: 201,
  scopes: ['can_view_domains', 'can_install_ssl_certificates'],
  notFound,
});

export const uninstallSslOp = defineOperation({
  ...domainSoftwareRoutes.uninstallSsl,
  area: 'domains',
  summary: 'Removes the SSL certificate (a task)',
  params,
  answer: scheduled,
  scopes: ['can_view_domains', 'can_uninstall_ssl_certificates'],
  notFound,
});

export const softwareOption = z.object({ id: z.number().int(), key: z.string(), name: z.string(), languages: z.array(z.string()) }).meta({ id: 'SoftwareOption' });
export type SoftwareOption = z.infer<typeof softwareOption>;

export const listSoftwareOp = defineOperation({
  ...domainSoftwareRoutes.listSoftware,
  area: 'domains',
  summary: 'The software that can be installed on the domain, with its languages',
  params,
  answer: z.object({ data: z.array(softwareOption) }),
  scopes: ['can_view_domains'],
  notFound,
});

export const installSoftwareOp = defineOperation({
  ...domainSoftwareRoutes.installSoftware,
  area: 'domains',
  summary: 'Installs software on the domain (a task)',
  params,
  body: installSoftwareSchema,
  answer: scheduled,
  status: 201,
  scopes: ['can_view_domains', 'can_install_software'],
  notFound,
});

export const softwareInstallation = z
  .object({
    guid: z.guid(),
    key: z.string(),
    software_name: z.string(),
    status: z.string(),
    protocol: z.string(),
    language: z.string(),
    install_directory: z.string(),
    username: z.string().nullable(),
    admin_email: z.string().nullable(),
    website_name: z.string().nullable(),
    is_imported: z.boolean(),
    /** Whether a password is kept to reveal ('Password is unavailable!' otherwise). */
    has_password: z.boolean(),
    date_installed: z.iso.datetime().nullable(),
    date_created: z.iso.datetime(),
  })
  .meta({ id: 'SoftwareInstallation' });
export type SoftwareInstallation = z.infer<typeof softwareInstallation>;

export const getSoftwareOp = defineOperation({
  ...domainSoftwareRoutes.getSoftware,
  area: 'domains',
  summary: "The domain's software installation (Software Info)",
  params,
  answer: softwareInstallation,
  scopes: ['can_view_domains'],
  notFound,
});

export const uninstallSoftwareOp = defineOperation({
  ...domainSoftwareRoutes.uninstallSoftware,
  area: 'domains',
  summary: 'Uninstalls the software (a task)',
  params,
  answer: scheduled,
  scopes: ['can_view_domains', 'can_uninstall_software'],
  notFound,
});

/** Spec part 2, 2.5: the admin password, shown after the user enters their own account password. */
export const revealSoftwarePasswordOp = defineOperation({
  ...domainSoftwareRoutes.revealSoftwarePassword,
  area: 'domains',
  summary: "The software's admin password, for the user's own account password",
  params,
  body: softwarePasswordSchema,
  answer: z.object({ data: z.object({ password: z.string() }) }),
  scopes: ['can_view_domains', 'can_edit_software_installation'],
  apiKeys: false,
  notFound,
});

/** Test Connection of the Migrate Software dialog (spec part 2, 2.5). */
export const testFtpOp = defineOperation({
  ...domainSoftwareRoutes.testFtp,
  area: 'domains',
  summary: 'Signs in to an FTP server to migrate a site from',
  params,
  body: ftpDetailsSchema,
  answer: z.object({ message: z.string() }),
  scopes: ['can_view_domains', 'can_install_software'],
  notFound,
});

/** The Select FTP Path folder tree: the folders under a path, by name. */
export const browseFtpOp = defineOperation({
  ...domainSoftwareRoutes.browseFtp,
  area: 'domains',
  summary: 'The folders under a path of the FTP server',
  params,
  body: ftpBrowseSchema,
  answer: z.array(z.string()),
  scopes: ['can_view_domains', 'can_install_software'],
  notFound,
});

/** Migrate: the site copied from the FTP path into the domain's web root, as a task. */
export const migrateSoftwareOp = defineOperation({
  ...domainSoftwareRoutes.migrateSoftware,
  area: 'domains',
  summary: "Copies a site from an FTP server into the domain's web root (a task)",
  params,
  body: migrateSchema,
  answer: scheduled,
  status: 201,
  scopes: ['can_view_domains', 'can_install_software'],
  notFound,
});

/** Import: a scan of the domain's web root for software, recorded as an imported installation. */
export const importSoftwareOp = defineOperation({
  ...domainSoftwareRoutes.importSoftware,
  area: 'domains',
  summary: "Scans the domain's web root for software and imports the installation found",
  params,
  answer: z.object({ message: z.string(), software: softwareInstallation }),
  scopes: ['can_view_domains', 'can_install_software'],
  notFound,
});
