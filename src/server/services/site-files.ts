import { access, mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where a domain's website files live on this machine: `SITES_DIR` (default `<DATA_DIR>/sites`,
 * `./data/sites`), one folder per domain guid. Software migrated over FTP is copied here and the
 * import scan looks here, as a provider's hosting server would look in the account's web root.
 */
export function siteRoot(domainGuid: string): string {
  const base = process.env.SITES_DIR ?? join(process.env.DATA_DIR ?? './data', 'sites');
  return resolve(base, domainGuid);
}

/** The folder of an install directory inside the site (blank: the web root); never outside it. */
export async function siteFolder(domainGuid: string, installDirectory: string): Promise<string> {
  const root = siteRoot(domainGuid);
  const folder = resolve(root, installDirectory.replace(/^\/+/, ''));
  if (folder !== root && !folder.startsWith(`${root}/`)) throw new Error('The install directory leaves the site.');
  await mkdir(folder, { recursive: true });
  return folder;
}

/** Files that tell which software a folder holds. */
const SIGNATURES: { key: string; file: string }[] = [{ key: 'WORDPRESS', file: 'wp-config.php' }];

/** The software found in the site's web root or one folder down: its key and where it is. */
export async function detectSoftware(domainGuid: string): Promise<{ key: string; directory: string } | null> {
  const root = siteRoot(domainGuid);
  const folders = [''];
  try {
    for (const entry of await readdir(root, { withFileTypes: true })) if (entry.isDirectory()) folders.push(entry.name);
  } catch {
    return null;
  }
  for (const directory of folders) {
    for (const s of SIGNATURES) {
      try {
        await access(join(root, directory, s.file));
        return { key: s.key, directory };
      } catch {
        // not here
      }
    }
  }
  return null;
}
