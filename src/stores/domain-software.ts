import { atom } from 'nanostores';
import type { SoftwareInstallation, SoftwareOption } from '../lib/api/domain-software';
import {
  browseFtp,
  getSoftware,
  importSoftware,
  installSoftware,
  installSsl,
  listSoftware,
  migrateSoftware,
  revealSoftwarePassword,
  testFtp,
  uninstallSoftware,
  uninstallSsl,
} from '../lib/requests/domain-software';
import { migrateSchema, type FtpDetails, type Migrate } from '../lib/schemas/ftp';
import { installSoftwareSchema, installSslSchema, softwarePasswordSchema } from '../lib/schemas/domain-software';
import { api } from './api';
import { $openDomain, domainsList, openDomain } from './domains';
import { createForm } from './form';
import { toastError, toastSuccess } from './toasts';

/** After a change: the drawer and the table show the domain's new state. */
async function refresh(guid: string): Promise<void> {
  await Promise.all([openDomain(guid), domainsList.load()]);
}

/** The domain open in the drawer, whose dialogs these are. */
const domain = () => $openDomain.get()?.guid ?? '';

/** The drawer's SSL dialog (spec part 2, 2.5). */
export const sslForm = createForm({
  schema: installSslSchema,
  send: (input) => installSsl(api, domain(), input),
  successToast: (answer) => answer.message,
  onSuccess: () => refresh(domain()),
});

export async function removeSsl(guid: string): Promise<void> {
  try {
    toastSuccess((await uninstallSsl(api, guid)).message);
    await refresh(guid);
  } catch (error) {
    toastError(error);
  }
}

/** The Install Software dialog's choices. */
export const $softwareOptions = atom<{ loading: boolean; options: SoftwareOption[] }>({ loading: false, options: [] });

export async function loadSoftwareOptions(guid: string): Promise<void> {
  $softwareOptions.set({ loading: true, options: [] });
  try {
    $softwareOptions.set({ loading: false, options: (await listSoftware(api, guid)).data });
  } catch (error) {
    $softwareOptions.set({ loading: false, options: [] });
    toastError(error);
  }
}

export const softwareForm = createForm({
  schema: installSoftwareSchema,
  send: (input) => installSoftware(api, domain(), input),
  successToast: (answer) => answer.message,
  onSuccess: () => refresh(domain()),
});

export async function removeSoftware(guid: string): Promise<void> {
  try {
    toastSuccess((await uninstallSoftware(api, guid)).message);
    await refresh(guid);
  } catch (error) {
    toastError(error);
  }
}

/** Software Info: the installation, and its password once revealed. */
export const $softwareInfo = atom<{ loading: boolean; info: SoftwareInstallation | null; password: string | null }>({ loading: false, info: null, password: null });

export async function loadSoftwareInfo(guid: string): Promise<void> {
  $softwareInfo.set({ loading: true, info: null, password: null });
  try {
    $softwareInfo.set({ loading: false, info: await getSoftware(api, guid), password: null });
  } catch (error) {
    $softwareInfo.set({ loading: false, info: null, password: null });
    toastError(error);
  }
}

export const revealForm = createForm({
  schema: softwarePasswordSchema,
  send: (input) => revealSoftwarePassword(api, domain(), input.password),
  onSuccess: (answer) => {
    $softwareInfo.set({ ...$softwareInfo.get(), password: answer.data.password });
  },
});

/** The Migrate Software dialog's connection: tested details unlock Browse and Migrate (spec part 2, 2.5). */
export const $ftp = atom<{ testing: boolean; tested: boolean; path: string; folders: string[] | null; browsing: boolean }>({
  testing: false,
  tested: false,
  path: '/',
  folders: null,
  browsing: false,
});

export const resetFtp = () => $ftp.set({ testing: false, tested: false, path: '/', folders: null, browsing: false });

export async function testFtpConnection(details: FtpDetails): Promise<void> {
  $ftp.set({ ...$ftp.get(), testing: true, tested: false, folders: null });
  try {
    toastSuccess((await testFtp(api, domain(), details)).message);
    $ftp.set({ ...$ftp.get(), testing: false, tested: true });
  } catch (error) {
    // A failed test locks Browse and Migrate again.
    $ftp.set({ ...$ftp.get(), testing: false, tested: false });
    toastError(error);
  }
}

/** Lists the folders under `path` (the Select FTP Path tree); a failure says 'Failed to connect to the FTP server.'. */
export async function browseFolders(details: FtpDetails, path: string): Promise<void> {
  $ftp.set({ ...$ftp.get(), browsing: true });
  try {
    const folders = await browseFtp(api, domain(), { ...details, ftp_path: path });
    $ftp.set({ ...$ftp.get(), browsing: false, path, folders });
  } catch (error) {
    $ftp.set({ ...$ftp.get(), browsing: false, folders: null });
    toastError(error);
  }
}

export const migrateForm = createForm({
  schema: migrateSchema,
  input: (values: Omit<Migrate, 'ftp_path'>) => ({ ...values, ftp_path: $ftp.get().path }),
  send: (input) => migrateSoftware(api, domain(), input),
  successToast: (answer) => answer.message,
  onSuccess: () => refresh(domain()),
});

export async function scanForSoftware(guid: string): Promise<void> {
  try {
    toastSuccess((await importSoftware(api, guid)).message);
    await refresh(guid);
  } catch (error) {
    toastError(error);
  }
}
