import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  browseFtpOp,
  getSoftwareOp,
  importSoftwareOp,
  migrateSoftwareOp,
  testFtpOp,
  installSoftwareOp,
  installSslOp,
  listSoftwareOp,
  revealSoftwarePasswordOp,
  uninstallSoftwareOp,
  uninstallSslOp,
} from '../api/domain-software';
import type { InstallSoftware, InstallSsl } from '../schemas/domain-software';
import type { FtpBrowse, FtpDetails, Migrate } from '../schemas/ftp';

/** Where each call of this area lives: written once here, spread into its definition in ../api/domain-software.ts. */
export const domainSoftwareRoutes = {
  installSsl: { id: 'domains.ssl.install', method: 'post', path: '/domains/{guid}/ssl_certificate/' },
  uninstallSsl: { id: 'domains.ssl.uninstall', method: 'delete', path: '/domains/{guid}/ssl_certificate/' },
  listSoftware: { id: 'domains.software.catalogue', method: 'get', path: '/domains/{guid}/software/list/' },
  installSoftware: { id: 'domains.software.install', method: 'post', path: '/domains/{guid}/software/' },
  getSoftware: { id: 'domains.software.get', method: 'get', path: '/domains/{guid}/software/' },
  uninstallSoftware: { id: 'domains.software.uninstall', method: 'delete', path: '/domains/{guid}/software/' },
  revealSoftwarePassword: { id: 'domains.software.password', method: 'post', path: '/domains/{guid}/software/password/' },
  testFtp: { id: 'domains.software.migrate.ftp_test', method: 'post', path: '/domains/{guid}/software/migrate/ftp/test/' },
  browseFtp: { id: 'domains.software.migrate.ftp_browse', method: 'post', path: '/domains/{guid}/software/migrate/ftp/' },
  migrateSoftware: { id: 'domains.software.migrate', method: 'post', path: '/domains/{guid}/software/migrate/' },
  importSoftware: { id: 'domains.software.import', method: 'get', path: '/domains/{guid}/import_software_installation/' },
} as const;

const at = (guid: string) => ({ params: { guid } });
export const installSsl = (api: Api, guid: string, body: InstallSsl) => call<typeof installSslOp>(api, domainSoftwareRoutes.installSsl, { ...at(guid), body });
export const uninstallSsl = (api: Api, guid: string) => call<typeof uninstallSslOp>(api, domainSoftwareRoutes.uninstallSsl, at(guid));
export const listSoftware = (api: Api, guid: string) => call<typeof listSoftwareOp>(api, domainSoftwareRoutes.listSoftware, at(guid));
export const installSoftware = (api: Api, guid: string, body: InstallSoftware) => call<typeof installSoftwareOp>(api, domainSoftwareRoutes.installSoftware, { ...at(guid), body });
export const getSoftware = (api: Api, guid: string) => call<typeof getSoftwareOp>(api, domainSoftwareRoutes.getSoftware, at(guid));
export const uninstallSoftware = (api: Api, guid: string) => call<typeof uninstallSoftwareOp>(api, domainSoftwareRoutes.uninstallSoftware, at(guid));
export const revealSoftwarePassword = (api: Api, guid: string, password: string) =>
  call<typeof revealSoftwarePasswordOp>(api, domainSoftwareRoutes.revealSoftwarePassword, { ...at(guid), body: { password } });
export const testFtp = (api: Api, guid: string, body: FtpDetails) => call<typeof testFtpOp>(api, domainSoftwareRoutes.testFtp, { ...at(guid), body });
export const browseFtp = (api: Api, guid: string, body: FtpBrowse) => call<typeof browseFtpOp>(api, domainSoftwareRoutes.browseFtp, { ...at(guid), body });
export const migrateSoftware = (api: Api, guid: string, body: Migrate) => call<typeof migrateSoftwareOp>(api, domainSoftwareRoutes.migrateSoftware, { ...at(guid), body });
export const importSoftware = (api: Api, guid: string) => call<typeof importSoftwareOp>(api, domainSoftwareRoutes.importSoftware, at(guid));
