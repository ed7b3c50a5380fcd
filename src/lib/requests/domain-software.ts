import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  getSoftwareOp,
  installSoftwareOp,
  installSslOp,
  listSoftwareOp,
  revealSoftwarePasswordOp,
  uninstallSoftwareOp,
  uninstallSslOp,
} from '../api/domain-software';
import type { InstallSoftware, InstallSsl } from '../schemas/domain-software';

/** Where each call of this area lives: written once here, spread into its definition in ../api/domain-software.ts. */
export const domainSoftwareRoutes = {
  installSsl: { id: 'domains.ssl.install', method: 'post', path: '/domains/{guid}/ssl_certificate/' },
  uninstallSsl: { id: 'domains.ssl.uninstall', method: 'delete', path: '/domains/{guid}/ssl_certificate/' },
  listSoftware: { id: 'domains.software.catalogue', method: 'get', path: '/domains/{guid}/software/list/' },
  installSoftware: { id: 'domains.software.install', method: 'post', path: '/domains/{guid}/software/' },
  getSoftware: { id: 'domains.software.get', method: 'get', path: '/domains/{guid}/software/' },
  uninstallSoftware: { id: 'domains.software.uninstall', method: 'delete', path: '/domains/{guid}/software/' },
  revealSoftwarePassword: { id: 'domains.software.password', method: 'post', path: '/domains/{guid}/software/password/' },
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
