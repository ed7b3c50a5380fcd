import { Client, type AccessOptions } from 'basic-ftp';
import { FTP_FAILED } from '../../lib/schemas/ftp';
import { problem } from '../http/errors';

/** An FTP server a site is migrated from (spec part 2, 2.5), as the Migrate Software form names it. */
export interface FtpSource {
  ftp_host: string;
  ftp_port: number;
  ftp_username: string;
  ftp_password: string;
  ftp_mode: 'PASSIVE' | 'ACTIVE';
  ftp_security: 'NONE' | 'TLS';
}

/** A connection refused, timed out or failed at login: the form's sentence, whatever the cause. */
const TIMEOUT_MS = 10_000;

/**
 * Runs `work` with a client signed in to the source. basic-ftp speaks passive mode only (the
 * mode almost every server and firewall expects today), so ACTIVE is refused with a sentence
 * rather than quietly connecting another way.
 */
export async function withFtp<T>(source: FtpSource, work: (client: Client) => Promise<T>): Promise<T> {
  if (source.ftp_mode === 'ACTIVE')
    throw problem(400, 'Active FTP mode is not available: choose PASSIVE.', { code: 'ftp_mode', fields: { ftp_mode: 'Active FTP mode is not available: choose PASSIVE.' } });
  const client = new Client(TIMEOUT_MS);
  const options: AccessOptions = { host: source.ftp_host, port: source.ftp_port, user: source.ftp_username, password: source.ftp_password, secure: source.ftp_security === 'TLS' };
  try {
    await client.access(options);
  } catch {
    client.close();
    throw problem(400, FTP_FAILED, { code: 'ftp_failed' });
  }
  try {
    return await work(client);
  } finally {
    client.close();
  }
}

/** The folders under `path` (the Select FTP Path tree), by name. */
export async function listFolders(client: Client, path: string): Promise<string[]> {
  try {
    return (await client.list(path))
      .filter((f) => f.isDirectory && f.name !== '.' && f.name !== '..')
      .map((f) => f.name)
      .sort((a, b) => a.localeCompare(b));
  } catch {
    throw problem(400, `The folder ${path} cannot be read on the FTP server.`, { code: 'ftp_path' });
  }
}
